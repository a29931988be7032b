! applu_setup.f90 - the applu workload's problem, as NAS LU sets it up:
! the constants (SETCOEFF), the manufactured solution (EXACT), the
! boundary values (SETBV), the initial guess (SETIV) and the forcing
! that makes the manufactured solution the discrete steady state (ERHS).

! cein(t, m): coefficient t of component m, as C's ce[m][t] lies.
subroutine setcoeff(n, dtin, omin, cein)
  implicit none
  include 'applu.inc'
  integer n
  double precision dtin, omin, cein(13, 5)
  double precision h

  nx = n
  ny = n
  nz = n
  dt = dtin
  omega = omin
  ce = transpose(cein)
  ! mesh factors: 1/h^2 (second differences), 1/2h (central first
  ! differences), 1/h (viscous fluxes between points)
  h = 1.0d0 / dble(nx - 1)
  tx1 = 1.0d0 / (h * h)
  tx2 = 1.0d0 / (2.0d0 * h)
  tx3 = 1.0d0 / h
  h = 1.0d0 / dble(ny - 1)
  ty1 = 1.0d0 / (h * h)
  ty2 = 1.0d0 / (2.0d0 * h)
  ty3 = 1.0d0 / h
  h = 1.0d0 / dble(nz - 1)
  tz1 = 1.0d0 / (h * h)
  tz2 = 1.0d0 / (2.0d0 * h)
  tz3 = 1.0d0 / h
  ! second-difference dissipation of each equation, by direction
  dx1 = 0.75d0
  dx2 = 0.75d0
  dx3 = 0.75d0
  dx4 = 0.75d0
  dx5 = 0.75d0
  dy1 = 0.75d0
  dy2 = 0.75d0
  dy3 = 0.75d0
  dy4 = 0.75d0
  dy5 = 0.75d0
  dz1 = 1.0d0
  dz2 = 1.0d0
  dz3 = 1.0d0
  dz4 = 1.0d0
  dz5 = 1.0d0
  ! fourth-difference dissipation
  dssp = max(dx1, dy1, dz1) / 4.0d0
  ! the fluid: c1 the ratio of specific heats, c2 = c1 - 1, c3 and c4
  ! scale the viscous terms, c5 the heat conduction
  c1 = 1.4d0
  c2 = 0.4d0
  c3 = 0.1d0
  c4 = 1.0d0
  c5 = 1.4d0
end subroutine setcoeff

! ue: the manufactured solution's five components at grid point (i,j,k).
subroutine exact(i, j, k, ue)
  implicit none
  include 'applu.inc'
  integer i, j, k
  double precision ue(5)
  double precision xi, eta, zeta
  integer m

  xi = dble(i - 1) / dble(nx - 1)
  eta = dble(j - 1) / dble(ny - 1)
  zeta = dble(k - 1) / dble(nz - 1)
  do m = 1, 5
     ue(m) = ce(m, 1) &
          + xi * (ce(m, 2) + xi * (ce(m, 5) + xi * (ce(m, 8) + xi * ce(m, 11)))) &
          + eta * (ce(m, 3) + eta * (ce(m, 6) + eta * (ce(m, 9) + eta * ce(m, 12)))) &
          + zeta * (ce(m, 4) + zeta * (ce(m, 7) + zeta * (ce(m, 10) + zeta * ce(m, 13))))
  end do
end subroutine exact

! The six faces of u take the manufactured solution's values.
subroutine setbv(u)
  implicit none
  include 'applu.inc'
  double precision u(5, nx, ny, nz)
  integer i, j, k

  do j = 1, ny
     do i = 1, nx
        call exact(i, j, 1, u(1, i, j, 1))
        call exact(i, j, nz, u(1, i, j, nz))
     end do
  end do
  do k = 1, nz
     do i = 1, nx
        call exact(i, 1, k, u(1, i, 1, k))
        call exact(i, ny, k, u(1, i, ny, k))
     end do
  end do
  do k = 1, nz
     do j = 1, ny
        call exact(1, j, k, u(1, 1, j, k))
        call exact(nx, j, k, u(1, nx, j, k))
     end do
  end do
end subroutine setbv

! NAS LU's initial guess inside: from each pair of opposite faces the
! value linear between them, the three combined as
! p + q + r - pq - qr - rp + pqr.
subroutine setiv(u)
  implicit none
  include 'applu.inc'
  double precision u(5, nx, ny, nz)
  double precision ux0(5), ux1(5), uy0(5), uy1(5), uz0(5), uz1(5)
  double precision xi, eta, zeta, p, q, r
  integer i, j, k, m

  do k = 2, nz - 1
     zeta = dble(k - 1) / dble(nz - 1)
     do j = 2, ny - 1
        eta = dble(j - 1) / dble(ny - 1)
        do i = 2, nx - 1
           xi = dble(i - 1) / dble(nx - 1)
           call exact(1, j, k, ux0)
           call exact(nx, j, k, ux1)
           call exact(i, 1, k, uy0)
           call exact(i, ny, k, uy1)
           call exact(i, j, 1, uz0)
           call exact(i, j, nz, uz1)
           do m = 1, 5
              p = (1.0d0 - xi) * ux0(m) + xi * ux1(m)
              q = (1.0d0 - eta) * uy0(m) + eta * uy1(m)
              r = (1.0d0 - zeta) * uz0(m) + zeta * uz1(m)
              u(m, i, j, k) = p + q + r - p * q - q * r - r * p + p * q * r
           end do
        end do
     end do
  end do
end subroutine setiv

! frct: the steady-state operator of the manufactured solution at every
! interior point (zero on the faces), so that the discrete equations
! L(u) - frct = 0 have it as their solution; rsd holds it meanwhile.
subroutine erhs(frct, rsd, flux)
  implicit none
  include 'applu.inc'
  double precision frct(5, nx, ny, nz), rsd(5, nx, ny, nz)
  double precision flux(5, nx, ny, nz)
  integer i, j, k

  do k = 1, nz
     do j = 1, ny
        do i = 1, nx
           frct(:, i, j, k) = 0.0d0
           call exact(i, j, k, rsd(1, i, j, k))
        end do
     end do
  end do
  call xterms(rsd, frct, flux)
  call yterms(rsd, frct, flux)
  call zterms(rsd, frct, flux)
end subroutine erhs
