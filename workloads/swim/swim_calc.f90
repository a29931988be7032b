! swim_calc.f90 - the shallow water model's loop nests, as SPEC's 171.swim
! (after Swarztrauber's NCAR model) has them: the initial state, CALC1
! (mass fluxes CU, CV, potential vorticity Z and Bernoulli function H),
! CALC2 (the new U, V, P by leapfrog), CALC3 (the Robert-Asselin time
! filter and the shift of time levels), each over the N1 x N2 column-major
! arrays, J outer and I inner, then the periodic continuation of the last
! row and column; and the sums each record of the result reports.
!
! The grid is M = N1 - 1 by N = N2 - 1 points on Sadourny's C grid: P at
! (I,J), U(I+1,J) between P(I,J) and P(I+1,J), V(I,J+1) between P(I,J) and
! P(I,J+1), Z(I+1,J+1) at the corner between the four; row and column
! M+1, N+1 repeat row and column 1.
module swim_calc
  use, intrinsic :: iso_fortran_env, only: real64
  implicit none
  private
  public :: initial, calc1, calc2, calc3, first_step, diag

  integer, parameter :: dp = real64

contains

  ! The initial state: a stream function (SPEC's sin x sin y and nmodes
  ! seeded modes), U and V from it, P SPEC's geopotential around p0; the
  ! old time level equal to it.
  subroutine initial(n1, n2, dx, dy, a, p0, nmodes, mp, mq, amp, phx, phy, &
                     u, v, p, uold, vold, pold, psi)
    integer, intent(in) :: n1, n2, nmodes, mp(*), mq(*)
    real(dp), intent(in) :: dx, dy, a, p0, amp(*), phx(*), phy(*)
    real(dp), intent(out) :: u(n1, n2), v(n1, n2), p(n1, n2)
    real(dp), intent(out) :: uold(n1, n2), vold(n1, n2), pold(n1, n2)
    real(dp), intent(out) :: psi(n1, n2)
    integer :: i, j, k, m, n
    real(dp) :: pi, tpi, di, dj, el, pcf, x, y, s

    m = n1 - 1
    n = n2 - 1
    pi = 4.0_dp * atan(1.0_dp)
    tpi = pi + pi
    di = tpi / m
    dj = tpi / n
    el = n * dx
    pcf = pi * pi * a * a / (el * el)
    do j = 1, n + 1
      do i = 1, m + 1
        x = (i - 0.5_dp) * di
        y = (j - 0.5_dp) * dj
        s = sin(x) * sin(y)
        do k = 1, nmodes
          s = s + amp(k) * sin(mp(k) * x + phx(k)) * sin(mq(k) * y + phy(k))
        end do
        psi(i, j) = a * s
      end do
    end do
    do j = 1, n
      do i = 1, m
        p(i, j) = pcf * (cos(2.0_dp * (i - 1) * di) + cos(2.0_dp * (j - 1) * dj)) + p0
      end do
    end do
    do j = 1, n
      do i = 1, m
        u(i + 1, j) = -(psi(i + 1, j + 1) - psi(i + 1, j)) / dy
        v(i, j + 1) = (psi(i + 1, j + 1) - psi(i, j + 1)) / dx
      end do
    end do
    do j = 1, n
      u(1, j) = u(m + 1, j)
      v(m + 1, j + 1) = v(1, j + 1)
      p(m + 1, j) = p(1, j)
    end do
    do i = 1, m
      u(i + 1, n + 1) = u(i + 1, 1)
      v(i, 1) = v(i, n + 1)
      p(i, n + 1) = p(i, 1)
    end do
    u(1, n + 1) = u(m + 1, 1)
    v(m + 1, 1) = v(1, n + 1)
    p(m + 1, n + 1) = p(1, 1)
    do j = 1, n2
      do i = 1, n1
        uold(i, j) = u(i, j)
        vold(i, j) = v(i, j)
        pold(i, j) = p(i, j)
      end do
    end do
  end subroutine initial

  ! CALC1: mass fluxes, potential vorticity, Bernoulli function.
  subroutine calc1(n1, n2, fsdx, fsdy, u, v, p, cu, cv, z, h)
    integer, intent(in) :: n1, n2
    real(dp), intent(in) :: fsdx, fsdy
    real(dp), intent(in) :: u(n1, n2), v(n1, n2), p(n1, n2)
    real(dp), intent(inout) :: cu(n1, n2), cv(n1, n2), z(n1, n2), h(n1, n2)
    integer :: i, j, m, n

    m = n1 - 1
    n = n2 - 1
    do j = 1, n
      do i = 1, m
        cu(i + 1, j) = 0.5_dp * (p(i + 1, j) + p(i, j)) * u(i + 1, j)
        cv(i, j + 1) = 0.5_dp * (p(i, j + 1) + p(i, j)) * v(i, j + 1)
        z(i + 1, j + 1) = (fsdx * (v(i + 1, j + 1) - v(i, j + 1)) - &
                           fsdy * (u(i + 1, j + 1) - u(i + 1, j))) / &
                          (p(i, j) + p(i + 1, j) + p(i + 1, j + 1) + p(i, j + 1))
        h(i, j) = p(i, j) + 0.25_dp * (u(i + 1, j) * u(i + 1, j) + u(i, j) * u(i, j) + &
                                       v(i, j + 1) * v(i, j + 1) + v(i, j) * v(i, j))
      end do
    end do
    do j = 1, n
      cu(1, j) = cu(m + 1, j)
      cv(m + 1, j + 1) = cv(1, j + 1)
      z(1, j + 1) = z(m + 1, j + 1)
      h(m + 1, j) = h(1, j)
    end do
    do i = 1, m
      cu(i + 1, n + 1) = cu(i + 1, 1)
      cv(i, 1) = cv(i, n + 1)
      z(i + 1, 1) = z(i + 1, n + 1)
      h(i, n + 1) = h(i, 1)
    end do
    cu(1, n + 1) = cu(m + 1, 1)
    cv(m + 1, 1) = cv(1, n + 1)
    z(1, 1) = z(m + 1, n + 1)
    h(m + 1, n + 1) = h(1, 1)
  end subroutine calc1

  ! CALC2: the new time level, leapfrog over tdt (twice the step, but
  ! for the first).
  subroutine calc2(n1, n2, tdt, dx, dy, uold, vold, pold, cu, cv, z, h, &
                   unew, vnew, pnew)
    integer, intent(in) :: n1, n2
    real(dp), intent(in) :: tdt, dx, dy
    real(dp), intent(in) :: uold(n1, n2), vold(n1, n2), pold(n1, n2)
    real(dp), intent(in) :: cu(n1, n2), cv(n1, n2), z(n1, n2), h(n1, n2)
    real(dp), intent(inout) :: unew(n1, n2), vnew(n1, n2), pnew(n1, n2)
    integer :: i, j, m, n
    real(dp) :: tdts8, tdtsdx, tdtsdy

    m = n1 - 1
    n = n2 - 1
    tdts8 = tdt / 8.0_dp
    tdtsdx = tdt / dx
    tdtsdy = tdt / dy
    do j = 1, n
      do i = 1, m
        unew(i + 1, j) = uold(i + 1, j) + &
          tdts8 * (z(i + 1, j + 1) + z(i + 1, j)) * &
          (cv(i + 1, j + 1) + cv(i, j + 1) + cv(i, j) + cv(i + 1, j)) - &
          tdtsdx * (h(i + 1, j) - h(i, j))
        vnew(i, j + 1) = vold(i, j + 1) - &
          tdts8 * (z(i + 1, j + 1) + z(i, j + 1)) * &
          (cu(i + 1, j + 1) + cu(i, j + 1) + cu(i, j) + cu(i + 1, j)) - &
          tdtsdy * (h(i, j + 1) - h(i, j))
        pnew(i, j) = pold(i, j) - tdtsdx * (cu(i + 1, j) - cu(i, j)) - &
          tdtsdy * (cv(i, j + 1) - cv(i, j))
      end do
    end do
    do j = 1, n
      unew(1, j) = unew(m + 1, j)
      vnew(m + 1, j + 1) = vnew(1, j + 1)
      pnew(m + 1, j) = pnew(1, j)
    end do
    do i = 1, m
      unew(i + 1, n + 1) = unew(i + 1, 1)
      vnew(i, 1) = vnew(i, n + 1)
      pnew(i, n + 1) = pnew(i, 1)
    end do
    unew(1, n + 1) = unew(m + 1, 1)
    vnew(m + 1, 1) = vnew(1, n + 1)
    pnew(m + 1, n + 1) = pnew(1, 1)
  end subroutine calc2

  ! CALC3: the time filter on the old level, then the new level current.
  subroutine calc3(n1, n2, alpha, u, v, p, unew, vnew, pnew, uold, vold, pold)
    integer, intent(in) :: n1, n2
    real(dp), intent(in) :: alpha
    real(dp), intent(inout) :: u(n1, n2), v(n1, n2), p(n1, n2)
    real(dp), intent(in) :: unew(n1, n2), vnew(n1, n2), pnew(n1, n2)
    real(dp), intent(inout) :: uold(n1, n2), vold(n1, n2), pold(n1, n2)
    integer :: i, j, m, n

    m = n1 - 1
    n = n2 - 1
    do j = 1, n
      do i = 1, m
        uold(i, j) = u(i, j) + alpha * (unew(i, j) - 2.0_dp * u(i, j) + uold(i, j))
        vold(i, j) = v(i, j) + alpha * (vnew(i, j) - 2.0_dp * v(i, j) + vold(i, j))
        pold(i, j) = p(i, j) + alpha * (pnew(i, j) - 2.0_dp * p(i, j) + pold(i, j))
        u(i, j) = unew(i, j)
        v(i, j) = vnew(i, j)
        p(i, j) = pnew(i, j)
      end do
    end do
    do j = 1, n
      uold(m + 1, j) = uold(1, j)
      vold(m + 1, j) = vold(1, j)
      pold(m + 1, j) = pold(1, j)
      u(m + 1, j) = u(1, j)
      v(m + 1, j) = v(1, j)
      p(m + 1, j) = p(1, j)
    end do
    do i = 1, m
      uold(i, n + 1) = uold(i, 1)
      vold(i, n + 1) = vold(i, 1)
      pold(i, n + 1) = pold(i, 1)
      u(i, n + 1) = u(i, 1)
      v(i, n + 1) = v(i, 1)
      p(i, n + 1) = p(i, 1)
    end do
    uold(m + 1, n + 1) = uold(1, 1)
    vold(m + 1, n + 1) = vold(1, 1)
    pold(m + 1, n + 1) = pold(1, 1)
    u(m + 1, n + 1) = u(1, 1)
    v(m + 1, n + 1) = v(1, 1)
    p(m + 1, n + 1) = p(1, 1)
  end subroutine calc3

  ! After the first step, which has no filter: the current level becomes
  ! the old one and the new one current.
  subroutine first_step(n1, n2, u, v, p, unew, vnew, pnew, uold, vold, pold)
    integer, intent(in) :: n1, n2
    real(dp), intent(inout) :: u(n1, n2), v(n1, n2), p(n1, n2)
    real(dp), intent(in) :: unew(n1, n2), vnew(n1, n2), pnew(n1, n2)
    real(dp), intent(inout) :: uold(n1, n2), vold(n1, n2), pold(n1, n2)
    integer :: i, j

    do j = 1, n2
      do i = 1, n1
        uold(i, j) = u(i, j)
        vold(i, j) = v(i, j)
        pold(i, j) = p(i, j)
        u(i, j) = unew(i, j)
        v(i, j) = vnew(i, j)
        p(i, j) = pnew(i, j)
      end do
    end do
  end subroutine first_step

  ! The sums over the M x N points of the current level (column by column,
  ! then the columns' sums): rec(1) mass, the sum of P; rec(2) energy, the
  ! kinetic P U^2 / 2 and P V^2 / 2 (P averaged to U's and V's points)
  ! plus the available potential (P - p0)^2 / 2; rec(3) potential
  ! enstrophy, Z^2 / 2 times P averaged to Z's point; rec(4), rec(5) the
  ! sums of |U| and |V|.
  subroutine diag(n1, n2, dx, dy, p0, u, v, p, rec)
    integer, intent(in) :: n1, n2
    real(dp), intent(in) :: dx, dy, p0
    real(dp), intent(in) :: u(n1, n2), v(n1, n2), p(n1, n2)
    real(dp), intent(out) :: rec(5)
    integer :: i, j, m, n
    real(dp) :: fsdx, fsdy, zeta, psum, c(5)

    m = n1 - 1
    n = n2 - 1
    fsdx = 4.0_dp / dx
    fsdy = 4.0_dp / dy
    rec = 0.0_dp
    do j = 1, n
      c = 0.0_dp
      do i = 1, m
        psum = p(i, j) + p(i + 1, j) + p(i + 1, j + 1) + p(i, j + 1)
        zeta = (fsdx * (v(i + 1, j + 1) - v(i, j + 1)) - &
                fsdy * (u(i + 1, j + 1) - u(i + 1, j))) / psum
        c(1) = c(1) + p(i, j)
        c(2) = c(2) + 0.25_dp * (p(i + 1, j) + p(i, j)) * u(i + 1, j)**2 + &
               0.25_dp * (p(i, j + 1) + p(i, j)) * v(i, j + 1)**2 + &
               0.5_dp * (p(i, j) - p0)**2
        c(3) = c(3) + 0.125_dp * zeta * zeta * psum
        c(4) = c(4) + abs(u(i + 1, j))
        c(5) = c(5) + abs(v(i, j + 1))
      end do
      rec = rec + c
    end do
  end subroutine diag

end module swim_calc
