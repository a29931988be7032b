! galgel_newton.f90 - sp-galgel's steady states: the residual F(x) of the
! Galerkin system (galgel_galerkin.f90) at a Grashof number, its Jacobian
! J (row by row, one dgemv per test function on the quadratic terms'
! matrices) and Newton's method, J dx = -F by LU (dgesv), continued from
! the previous step's state.  x = (a, b): the stream function's
! coefficients, then the temperature's.
module galgel_newton
  use galgel_basis, only: dp
  use galgel_galerkin, only: galerkin
  use galgel_lapack, only: dgemv, dgesv
  implicit none
  private
  public :: residual_jacobian, newton

contains

  ! f = F(x) and jac = dF/dx at Grashof number gr.
  subroutine residual_jacobian(g, gr, x, f, jac)
    type(galerkin), intent(in) :: g
    real(dp), intent(in) :: gr, x(:)
    real(dp), intent(out) :: f(:), jac(:, :)
    real(dp) :: t(g%n), u(g%n), v(g%n)
    integer :: n, q

    n = g%n
    associate (a => x(1:n), b => x(n + 1:2 * n))
      ! psi: -lap^2 a + Gr (g0 + C b) - N_psi(a)
      f(1:n) = gr * g%g0
      call dgemv('N', n, n, gr, g%cb, n, b, 1, 1.0_dp, f(1:n), 1)
      call dgemv('N', n, n, -1.0_dp, g%k4, n, a, 1, 1.0_dp, f(1:n), 1)
      ! theta: lap b / Pr - D a - N_theta(a, b)
      f(n + 1:2 * n) = 0
      call dgemv('N', n, n, 1 / g%pr, g%lth, n, b, 1, 1.0_dp, f(n + 1:2 * n), 1)
      call dgemv('N', n, n, -1.0_dp, g%dth, n, a, 1, 1.0_dp, f(n + 1:2 * n), 1)
      jac(1:n, n + 1:2 * n) = gr * g%cb
      do q = 1, n
        ! t = s_q a: N_psi(q) = a . t / 2, its gradient t
        call dgemv('N', n, n, 1.0_dp, g%s(:, :, q), n, a, 1, 0.0_dp, t, 1)
        f(q) = f(q) - 0.5_dp * dot_product(a, t)
        jac(q, 1:n) = -g%k4(q, :) - t
        ! u = r_q b, v = r_q' a: N_theta(q) = a . u, its gradients u, v
        call dgemv('N', n, n, 1.0_dp, g%r(:, :, q), n, b, 1, 0.0_dp, u, 1)
        call dgemv('T', n, n, 1.0_dp, g%r(:, :, q), n, a, 1, 0.0_dp, v, 1)
        f(n + q) = f(n + q) - dot_product(a, u)
        jac(n + q, 1:n) = -g%dth(q, :) - u
        jac(n + q, n + 1:2 * n) = g%lth(q, :) / g%pr - v
      end do
    end associate
  end subroutine residual_jacobian

  ! Newton's method from x at gr: at most maxit LU solves, until the
  ! step's largest entry is below tol times max(1, |x|).  On return f and
  ! jac are F and J at the final x; nsolve the solves made.  status: 0
  ! converged, 1 not within maxit, 2 J singular.
  subroutine newton(g, gr, tol, maxit, x, f, jac, lu, ipiv, nsolve, status)
    type(galerkin), intent(in) :: g
    real(dp), intent(in) :: gr, tol
    integer, intent(in) :: maxit
    real(dp), intent(inout) :: x(:)
    real(dp), intent(out) :: f(:), jac(:, :), lu(:, :)
    integer, intent(out) :: ipiv(:), nsolve, status
    real(dp) :: dx(size(x), 1)
    integer :: m, info

    m = size(x)
    nsolve = 0
    status = 1
    do while (nsolve < maxit)
      call residual_jacobian(g, gr, x, f, jac)
      lu = jac
      dx(:, 1) = -f
      call dgesv(m, 1, lu, m, ipiv, dx, m, info)
      if (info /= 0) then
        status = 2
        return
      end if
      nsolve = nsolve + 1
      x = x + dx(:, 1)
      if (maxval(abs(dx(:, 1))) <= tol * max(1.0_dp, maxval(abs(x)))) then
        status = 0
        exit
      end if
    end do
    call residual_jacobian(g, gr, x, f, jac)
  end subroutine newton

end module galgel_newton
