! wupwise_hop.f90 - the Wilson hopping term D of sp-wupwise, between the
! two parity halves of the lattice (SPEC's muldeo and muldoe in one):
!   (D b)(x) = sum over mu of (1 - gamma_mu) U_mu(x) b(x + mu)
!                           + (1 + gamma_mu) U_mu(x - mu)^dagger b(x - mu),
! site by site in lexicographic order, each of the eight neighbours
! gathered, projected (gammul), multiplied by its link (su3mul) and added
! with zaxpy.  The gauge field is u(colour, colour, mu, place, parity),
! a spinor half b(colour, spin, place).
module wup_hop
  use wup_blas
  use wup_lattice
  use wup_su3
  implicit none
  private
  public :: dhop

  complex(dp), parameter :: one = (1.0_dp, 0.0_dp), zero = (0.0_dp, 0.0_dp)

contains

  ! a (the half of parity p) = D b (b the half of parity 1 - p)
  subroutine dhop(u, b, a, p)
    complex(dp), intent(in) :: u(3, 3, 4, nh, 0:1), b(3, 4, nh)
    complex(dp), intent(out) :: a(3, 4, nh)
    integer, intent(in) :: p
    complex(dp) :: w(3, 4), v(3, 4)
    integer :: c(4), ix, iy, iz, it, lex, h, hn, mu

    do it = 0, nd(4) - 1
      do iz = 0, nd(3) - 1
        do iy = 0, nd(2) - 1
          do ix = mod(iy + iz + it + p, 2), nd(1) - 1, 2
            c = [ix, iy, iz, it]
            lex = ix + stride(2) * iy + stride(3) * iz + stride(4) * it
            h = lex / 2 + 1
            a(:, :, h) = zero
            do mu = 1, 4
              hn = (lex + up(c(mu), mu)) / 2 + 1
              call gammul(mu, -1, b(1, 1, hn), w)
              call su3mul(u(1, 1, mu, h, p), 'N', w, v)
              call zaxpy(12, one, v, 1, a(1, 1, h), 1)
              hn = (lex + dn(c(mu), mu)) / 2 + 1
              call gammul(mu, 1, b(1, 1, hn), w)
              call su3mul(u(1, 1, mu, hn, 1 - p), 'C', w, v)
              call zaxpy(12, one, v, 1, a(1, 1, h), 1)
            end do
          end do
        end do
      end do
    end do
  end subroutine dhop
end module wup_hop
