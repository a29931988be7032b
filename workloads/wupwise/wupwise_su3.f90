! wupwise_su3.f90 - the two site-local products of the Wilson hopping
! term on a spinor held as x(colour, spin): gammul, (1 + sgn gamma_mu) x,
! and su3mul, U x or U^dagger x on the colour index of all four spins (a
! 3x3 times 3x4 zgemm, as SPEC's su3mul).  The gamma matrices are the
! chiral (Euclidean) ones: gamma_k = [[0, -i sigma_k], [i sigma_k, 0]],
! gamma_4 = [[0, 1], [1, 0]], in 2x2 blocks of spin.
module wup_su3
  use wup_blas
  implicit none
  private
  public :: gammul, su3mul

  complex(dp), parameter :: one = (1.0_dp, 0.0_dp), zero = (0.0_dp, 0.0_dp)
  complex(dp), parameter :: ii = (0.0_dp, 1.0_dp)

contains

  ! y = (1 + sgn gamma_mu) x, sgn +1 or -1
  subroutine gammul(mu, sgn, x, y)
    integer, intent(in) :: mu, sgn
    complex(dp), intent(in) :: x(3, 4)
    complex(dp), intent(out) :: y(3, 4)
    real(dp) :: s

    s = real(sgn, dp)
    select case (mu)
    case (1)
      y(:, 1) = x(:, 1) - s * ii * x(:, 4)
      y(:, 2) = x(:, 2) - s * ii * x(:, 3)
      y(:, 3) = x(:, 3) + s * ii * x(:, 2)
      y(:, 4) = x(:, 4) + s * ii * x(:, 1)
    case (2)
      y(:, 1) = x(:, 1) - s * x(:, 4)
      y(:, 2) = x(:, 2) + s * x(:, 3)
      y(:, 3) = x(:, 3) + s * x(:, 2)
      y(:, 4) = x(:, 4) - s * x(:, 1)
    case (3)
      y(:, 1) = x(:, 1) - s * ii * x(:, 3)
      y(:, 2) = x(:, 2) + s * ii * x(:, 4)
      y(:, 3) = x(:, 3) + s * ii * x(:, 1)
      y(:, 4) = x(:, 4) - s * ii * x(:, 2)
    case default
      y(:, 1) = x(:, 1) + s * x(:, 3)
      y(:, 2) = x(:, 2) + s * x(:, 4)
      y(:, 3) = x(:, 3) + s * x(:, 1)
      y(:, 4) = x(:, 4) + s * x(:, 2)
    end select
  end subroutine gammul

  ! r = U x (trans 'N') or U^dagger x (trans 'C')
  subroutine su3mul(u, trans, x, r)
    complex(dp), intent(in) :: u(3, 3), x(3, 4)
    character, intent(in) :: trans
    complex(dp), intent(out) :: r(3, 4)

    call zgemm(trans, 'N', 3, 4, 3, one, u, 3, x, 3, zero, r, 3)
  end subroutine su3mul
end module wup_su3
