! applu_rhs.f90 - the applu workload's right-hand side (NAS LU's RHS):
! the steady-state residual rsd = L(u) - frct of the five equations at
! every interior point, zero on the faces, where L is the discrete
! operator that applu_xi.f90, applu_eta.f90 and applu_zeta.f90 add up
! direction by direction: central differences of the inviscid fluxes,
! the viscous fluxes, second-difference and fourth-difference
! dissipation.

subroutine rhs(u, rsd, frct, flux)
  implicit none
  include 'applu.inc'
  double precision u(5, nx, ny, nz), rsd(5, nx, ny, nz)
  double precision frct(5, nx, ny, nz), flux(5, nx, ny, nz)
  integer i, j, k, m

  do k = 1, nz
     do j = 1, ny
        do i = 1, nx
           do m = 1, 5
              rsd(m, i, j, k) = -frct(m, i, j, k)
           end do
        end do
     end do
  end do
  call xterms(u, rsd, flux)
  call yterms(u, rsd, flux)
  call zterms(u, rsd, flux)
end subroutine rhs
