! applu_ssor.f90 - the applu workload's solver (NAS LU's SSOR): from the
! initial guess, each iteration scales the residual by the pseudo-time
! step, forms the lower Jacobian over the whole grid and sweeps it
! (jacld, blts), forms the upper one and sweeps back (jacu, buts),
! updates u, and takes the new residual.  The C main (applu_main.c)
! hands it the input file's parameters and the arrays, laid out one
! after another as SPEC's COMMON blocks hold them.

! cein(t, m) is the manufactured solution's coefficient t of component m
! (C's ce[m][t]); hist(:, 0) is the initial residual's norms, hist(:, it) those after
! iteration it; errnm the error of the last u against the manufactured
! solution.
subroutine applu_solve(n, itmax, dtin, omin, cein, u, rsd, frct, flux, &
     a, b, c, d, tv, hist, errnm) bind(C, name='applu_solve')
  use iso_c_binding, only: c_int, c_double
  implicit none
  include 'applu.inc'
  integer(c_int), value :: n, itmax
  real(c_double), value :: dtin, omin
  real(c_double) :: cein(13, 5), hist(5, 0:itmax), errnm(5)
  real(c_double) :: u(5, n, n, n), rsd(5, n, n, n), frct(5, n, n, n)
  real(c_double) :: flux(5, n, n, n), tv(5, n, n)
  real(c_double) :: a(5, 5, n, n, n), b(5, 5, n, n, n)
  real(c_double) :: c(5, 5, n, n, n), d(5, 5, n, n, n)
  double precision tmp
  integer istep, i, j, k, m

  call setcoeff(n, dtin, omin, cein)
  u = 0.0d0
  call setbv(u)
  call setiv(u)
  call erhs(frct, rsd, flux)
  call rhs(u, rsd, frct, flux)
  call l2norm(rsd, hist(1, 0))
  tmp = 1.0d0 / (omega * (2.0d0 - omega))
  do istep = 1, itmax
     do k = 2, nz - 1
        do j = 2, ny - 1
           do i = 2, nx - 1
              do m = 1, 5
                 rsd(m, i, j, k) = dt * rsd(m, i, j, k)
              end do
           end do
        end do
     end do
     call jacld(u, a, b, c, d)
     call blts(rsd, a, b, c, d)
     call jacu(u, a, b, c, d)
     call buts(rsd, a, b, c, d, tv)
     do k = 2, nz - 1
        do j = 2, ny - 1
           do i = 2, nx - 1
              do m = 1, 5
                 u(m, i, j, k) = u(m, i, j, k) + tmp * rsd(m, i, j, k)
              end do
           end do
        end do
     end do
     call rhs(u, rsd, frct, flux)
     call l2norm(rsd, hist(1, istep))
  end do
  call errnorm(u, errnm)
end subroutine applu_solve
