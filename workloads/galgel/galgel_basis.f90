! galgel_basis.f90 - the one-dimensional pieces of sp-galgel's Galerkin
! method: basis functions as Gelfgat's method builds them, each a
! Chebyshev polynomial T_i plus the next two or four (f_i = T_i +
! sum_l c(l, i) T_(i+l)) with the coefficients that make it meet its
! boundary conditions at -1 and 1,
! tabulated with their first four derivatives at Gauss-Legendre nodes,
! and the integrals over [-1, 1] of their products by two and by three.
module galgel_basis
  use, intrinsic :: iso_fortran_env, only: real64
  use galgel_lapack, only: dgesv
  implicit none
  private
  public :: dp, basis_1d, kind_cc, kind_cf, kind_dd, kind_nn, make_basis, &
            gram, triple, moment

  integer, parameter :: dp = real64
  integer, parameter :: dmax = 4
  ! the boundary conditions: clamped at both ends (the stream function on
  ! rigid walls), clamped at -1 and free at 1 (rigid bottom, free top),
  ! Dirichlet at both ends (the temperature on the vertical walls),
  ! Neumann at both ends (adiabatic horizontal walls)
  integer, parameter :: kind_cc = 1, kind_cf = 2, kind_dd = 3, kind_nn = 4

  type :: basis_1d
    integer :: n = 0, nb = 0, q = 0
    real(dp), allocatable :: c(:, :)      ! c(1:nb, 0:n-1)
    real(dp), allocatable :: w(:)         ! quadrature weights
    real(dp), allocatable :: f(:, :, :)   ! f(node, 0:n-1, 0:dmax)
  end type basis_1d

contains

  ! The q-point Gauss-Legendre rule on [-1, 1] (exact to degree 2q - 1):
  ! the roots of P_q by Newton's method from Chebyshev-like guesses.
  subroutine gauss_legendre(q, x, w)
    integer, intent(in) :: q
    real(dp), intent(out) :: x(q), w(q)
    real(dp), parameter :: pi = 3.14159265358979323846_dp
    real(dp) :: z, z1, p1, p2, p3, pp
    integer :: i, j, it

    do i = 1, (q + 1) / 2
      z = cos(pi * (i - 0.25_dp) / (q + 0.5_dp))
      do it = 1, 100
        p1 = 1
        p2 = 0
        do j = 1, q
          p3 = p2
          p2 = p1
          p1 = ((2 * j - 1) * z * p2 - (j - 1) * p3) / j
        end do
        pp = q * (z * p1 - p2) / (z * z - 1)
        z1 = z
        z = z1 - p1 / pp
        if (abs(z - z1) <= 1e-15_dp) exit
      end do
      x(i) = -z
      x(q + 1 - i) = z
      w(i) = 2 / ((1 - z * z) * pp * pp)
      w(q + 1 - i) = w(i)
    end do
  end subroutine gauss_legendre

  ! t(k, d): the d-th derivative of T_k at z, k = 0..kmax, d = 0..dmax,
  ! by T_(k+1) = 2 z T_k - T_(k-1) differentiated d times.
  subroutine chebyshev(z, kmax, t)
    real(dp), intent(in) :: z
    integer, intent(in) :: kmax
    real(dp), intent(out) :: t(0:kmax, 0:dmax)
    integer :: k, d

    t = 0
    t(0, 0) = 1
    if (kmax < 1) return
    t(1, 0) = z
    t(1, 1) = 1
    do k = 1, kmax - 1
      t(k + 1, 0) = 2 * z * t(k, 0) - t(k - 1, 0)
      do d = 1, dmax
        t(k + 1, d) = 2 * z * t(k, d) + 2 * d * t(k, d - 1) - t(k - 1, d)
      end do
    end do
  end subroutine chebyshev

  ! The n functions of a kind, tabulated at q Gauss-Legendre nodes.
  ! status: 0, or 1 when a boundary system is singular.
  subroutine make_basis(kind, n, q, b, status)
    integer, intent(in) :: kind, n, q
    type(basis_1d), intent(out) :: b
    integer, intent(out) :: status
    ! condition r of each kind: at which end (1 or -1), of which derivative
    integer, parameter :: ends(4, 4) = reshape([1, -1, 1, -1, 1, -1, -1, 1, &
                                                1, -1, 0, 0, 1, -1, 0, 0], [4, 4])
    integer, parameter :: ders(4, 4) = reshape([0, 0, 1, 1, 0, 0, 1, 2, &
                                                0, 0, 0, 0, 1, 1, 0, 0], [4, 4])
    real(dp), allocatable :: tp(:, :), tm(:, :), t(:, :), x(:)
    real(dp) :: sys(4, 4), rhs(4, 1), scale
    integer :: ipiv(4), i, l, kmax, r, node, info

    b%n = n
    b%nb = merge(4, 2, kind == kind_cc .or. kind == kind_cf)
    b%q = q
    kmax = n - 1 + b%nb
    allocate(b%c(b%nb, 0:n - 1), b%w(q), b%f(q, 0:n - 1, 0:dmax))
    allocate(tp(0:kmax, 0:dmax), tm(0:kmax, 0:dmax), t(0:kmax, 0:dmax), x(q))
    call chebyshev(1.0_dp, kmax, tp)
    call chebyshev(-1.0_dp, kmax, tm)
    status = 0
    do i = 0, n - 1
      ! condition r on T_(i+1..i+nb) (the unknowns) and on T_i (moved right)
      do r = 1, b%nb
        do l = 1, b%nb
          sys(r, l) = cond(r, i + l)
        end do
        rhs(r, 1) = -cond(r, i)
        scale = maxval(abs(sys(r, 1:b%nb)))
        sys(r, 1:b%nb) = sys(r, 1:b%nb) / scale
        rhs(r, 1) = rhs(r, 1) / scale
      end do
      call dgesv(b%nb, 1, sys, 4, ipiv, rhs, 4, info)
      if (info /= 0) then
        status = 1
        return
      end if
      b%c(:, i) = rhs(1:b%nb, 1)
    end do
    call gauss_legendre(q, x, b%w)
    do node = 1, q
      call chebyshev(x(node), kmax, t)
      do i = 0, n - 1
        b%f(node, i, :) = t(i, :)
        do l = 1, b%nb
          b%f(node, i, :) = b%f(node, i, :) + b%c(l, i) * t(i + l, :)
        end do
      end do
    end do

  contains

    real(dp) function cond(r, k)
      integer, intent(in) :: r, k

      if (ends(r, kind) == 1) then
        cond = tp(k, ders(r, kind))
      else
        cond = tm(k, ders(r, kind))
      end if
    end function cond

  end subroutine make_basis

  ! g(k, i) = integral of a_k^(da) b_i^(db) over [-1, 1]
  subroutine gram(a, da, b, db, g)
    type(basis_1d), intent(in) :: a, b
    integer, intent(in) :: da, db
    real(dp), intent(out) :: g(0:a%n - 1, 0:b%n - 1)
    integer :: k, i

    do i = 0, b%n - 1
      do k = 0, a%n - 1
        g(k, i) = sum(a%w * a%f(:, k, da) * b%f(:, i, db))
      end do
    end do
  end subroutine gram

  ! t(k, i, m) = integral of a_k b_i^(db) c_m^(dc) over [-1, 1]
  subroutine triple(a, b, db, c, dc, t)
    type(basis_1d), intent(in) :: a, b, c
    integer, intent(in) :: db, dc
    real(dp), intent(out) :: t(0:a%n - 1, 0:b%n - 1, 0:c%n - 1)
    real(dp) :: wa(a%q)
    integer :: k, i, m

    do m = 0, c%n - 1
      do i = 0, b%n - 1
        wa = a%w * b%f(:, i, db) * c%f(:, m, dc)
        do k = 0, a%n - 1
          t(k, i, m) = sum(wa * a%f(:, k, 0))
        end do
      end do
    end do
  end subroutine triple

  ! v(k) = integral of a_k over [-1, 1]
  subroutine moment(a, v)
    type(basis_1d), intent(in) :: a
    real(dp), intent(out) :: v(0:a%n - 1)
    integer :: k

    do k = 0, a%n - 1
      v(k) = sum(a%w * a%f(:, k, 0))
    end do
  end subroutine moment

end module galgel_basis
