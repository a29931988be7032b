! wupwise_bicgstab.f90 - sp-wupwise's solver: BiCGStab (van der Vorst
! 1992) on the even-odd preconditioned Wilson matrix
!   Mhat = 1 - kappa^2 D_eo D_oe
! of the even half, with zaxpy, zscal, zcopy, zdotc and dznrm2 on whole
! half-lattice spinors, as SPEC's wupwise.  It runs until its recursive
! residual is below half the tolerance, then recomputes the true one and
! starts again from there if that is not below the tolerance.
module wup_bicgstab
  use wup_blas
  use wup_hop
  use wup_lattice
  implicit none
  private
  public :: mhat, bicgstab

  complex(dp), parameter :: one = (1.0_dp, 0.0_dp), zero = (0.0_dp, 0.0_dp)

contains

  ! y = Mhat x; tmp (an odd half) is overwritten
  subroutine mhat(u, kappa, x, y, tmp)
    complex(dp), intent(in) :: u(3, 3, 4, nh, 0:1), x(3, 4, nh)
    real(dp), intent(in) :: kappa
    complex(dp), intent(out) :: y(3, 4, nh), tmp(3, 4, nh)

    call dhop(u, x, tmp, 1)
    call dhop(u, tmp, y, 0)
    call zscal(12 * nh, cmplx(-kappa * kappa, 0.0_dp, dp), y, 1)
    call zaxpy(12 * nh, one, x, 1, y, 1)
  end subroutine mhat

  ! Solves Mhat x = bh to ||bh - Mhat x|| <= tol bnorm from x = 0, at most
  ! maxit iterations; their count and the last true residual / bnorm.
  subroutine bicgstab(u, kappa, bh, bnorm, tol, maxit, x, r, rh, p, v, t, &
                      tmp, iters, res)
    complex(dp), intent(in) :: u(3, 3, 4, nh, 0:1), bh(3, 4, nh)
    real(dp), intent(in) :: kappa, bnorm, tol
    integer, intent(in) :: maxit
    complex(dp), intent(out), dimension(3, 4, nh) :: x, r, rh, p, v, t, tmp
    integer, intent(out) :: iters
    real(dp), intent(out) :: res
    complex(dp) :: rho, rhonew, alpha, omega, beta, sv
    real(dp) :: tt, eps
    integer :: n

    n = 12 * nh
    x = zero
    iters = 0
    do
      ! r = bh - Mhat x, the true residual
      call mhat(u, kappa, x, r, tmp)
      call zscal(n, -one, r, 1)
      call zaxpy(n, one, bh, 1, r, 1)
      res = dznrm2(n, r, 1) / bnorm
      write (*, '(a, i6, a, es13.6)') 'iteration', iters, '  true residual', res
      if (res <= tol .or. iters >= maxit) return
      call zcopy(n, r, 1, rh, 1)
      rho = one
      alpha = one
      omega = one
      p = zero
      v = zero
      do while (iters < maxit)
        iters = iters + 1
        rhonew = zdotc(n, rh, 1, r, 1)
        if (rhonew == zero) exit
        beta = (rhonew / rho) * (alpha / omega)
        ! p = r + beta (p - omega v)
        call zaxpy(n, -omega, v, 1, p, 1)
        call zscal(n, beta, p, 1)
        call zaxpy(n, one, r, 1, p, 1)
        call mhat(u, kappa, p, v, tmp)
        sv = zdotc(n, rh, 1, v, 1)
        if (sv == zero) exit
        alpha = rhonew / sv
        ! s = r - alpha v, in r
        call zaxpy(n, -alpha, v, 1, r, 1)
        call mhat(u, kappa, r, t, tmp)
        tt = dznrm2(n, t, 1) ** 2
        omega = zero
        if (tt > 0.0_dp) omega = zdotc(n, t, 1, r, 1) / tt
        call zaxpy(n, alpha, p, 1, x, 1)
        call zaxpy(n, omega, r, 1, x, 1)
        call zaxpy(n, -omega, t, 1, r, 1)
        rho = rhonew
        eps = dznrm2(n, r, 1) / bnorm
        write (*, '(a, i6, a, es13.6)') 'iteration', iters, '  eps', eps
        if (eps <= tol / 2 .or. omega == zero) exit
      end do
    end do
  end subroutine bicgstab
end module wup_bicgstab
