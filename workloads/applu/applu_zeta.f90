! applu_zeta.f90 - the zeta-direction terms of the applu operator (NAS
! LU's third part of RHS), added to r at the interior points of u: flux
! holds the inviscid fluxes of the whole grid, then the viscous ones.

subroutine zterms(u, r, flux)
  implicit none
  include 'applu.inc'
  double precision u(5, nx, ny, nz), r(5, nx, ny, nz), flux(5, nx, ny, nz)
  double precision q, u41, tmp, u21k, u31k, u41k, u51k
  double precision u21km1, u31km1, u41km1, u51km1
  integer i, j, k, m

  ! inviscid fluxes and their central differences
  do k = 1, nz
     do j = 2, ny - 1
        do i = 2, nx - 1
           flux(1, i, j, k) = u(4, i, j, k)
           u41 = u(4, i, j, k) / u(1, i, j, k)
           q = 0.5d0 * (u(2, i, j, k)**2 + u(3, i, j, k)**2 + u(4, i, j, k)**2) &
                / u(1, i, j, k)
           flux(2, i, j, k) = u(2, i, j, k) * u41
           flux(3, i, j, k) = u(3, i, j, k) * u41
           flux(4, i, j, k) = u(4, i, j, k) * u41 + c2 * (u(5, i, j, k) - q)
           flux(5, i, j, k) = (c1 * u(5, i, j, k) - c2 * q) * u41
        end do
     end do
  end do
  do k = 2, nz - 1
     do j = 2, ny - 1
        do i = 2, nx - 1
           do m = 1, 5
              r(m, i, j, k) = r(m, i, j, k) &
                   - tz2 * (flux(m, i, j, k + 1) - flux(m, i, j, k - 1))
           end do
        end do
     end do
  end do
  ! viscous fluxes between points k-1 and k
  do k = 2, nz
     do j = 2, ny - 1
        do i = 2, nx - 1
           tmp = 1.0d0 / u(1, i, j, k)
           u21k = tmp * u(2, i, j, k)
           u31k = tmp * u(3, i, j, k)
           u41k = tmp * u(4, i, j, k)
           u51k = tmp * u(5, i, j, k)
           tmp = 1.0d0 / u(1, i, j, k - 1)
           u21km1 = tmp * u(2, i, j, k - 1)
           u31km1 = tmp * u(3, i, j, k - 1)
           u41km1 = tmp * u(4, i, j, k - 1)
           u51km1 = tmp * u(5, i, j, k - 1)
           flux(2, i, j, k) = tz3 * (u21k - u21km1)
           flux(3, i, j, k) = tz3 * (u31k - u31km1)
           flux(4, i, j, k) = (4.0d0 / 3.0d0) * tz3 * (u41k - u41km1)
           flux(5, i, j, k) = 0.5d0 * (1.0d0 - c1 * c5) * tz3 &
                * ((u21k**2 + u31k**2 + u41k**2) - (u21km1**2 + u31km1**2 + u41km1**2)) &
                + (1.0d0 / 6.0d0) * tz3 * (u41k**2 - u41km1**2) &
                + c1 * c5 * tz3 * (u51k - u51km1)
        end do
     end do
  end do
  do k = 2, nz - 1
     do j = 2, ny - 1
        do i = 2, nx - 1
           r(1, i, j, k) = r(1, i, j, k) + dz1 * tz1 &
                * (u(1, i, j, k - 1) - 2.0d0 * u(1, i, j, k) + u(1, i, j, k + 1))
           r(2, i, j, k) = r(2, i, j, k) &
                + tz3 * c3 * c4 * (flux(2, i, j, k + 1) - flux(2, i, j, k)) + dz2 * tz1 &
                * (u(2, i, j, k - 1) - 2.0d0 * u(2, i, j, k) + u(2, i, j, k + 1))
           r(3, i, j, k) = r(3, i, j, k) &
                + tz3 * c3 * c4 * (flux(3, i, j, k + 1) - flux(3, i, j, k)) + dz3 * tz1 &
                * (u(3, i, j, k - 1) - 2.0d0 * u(3, i, j, k) + u(3, i, j, k + 1))
           r(4, i, j, k) = r(4, i, j, k) &
                + tz3 * c3 * c4 * (flux(4, i, j, k + 1) - flux(4, i, j, k)) + dz4 * tz1 &
                * (u(4, i, j, k - 1) - 2.0d0 * u(4, i, j, k) + u(4, i, j, k + 1))
           r(5, i, j, k) = r(5, i, j, k) &
                + tz3 * c3 * c4 * (flux(5, i, j, k + 1) - flux(5, i, j, k)) + dz5 * tz1 &
                * (u(5, i, j, k - 1) - 2.0d0 * u(5, i, j, k) + u(5, i, j, k + 1))
        end do
     end do
  end do
  ! fourth-difference dissipation, one-sided at the two planes next to
  ! each face
  do j = 2, ny - 1
     do i = 2, nx - 1
        do m = 1, 5
           r(m, i, j, 2) = r(m, i, j, 2) - dssp &
                * (5.0d0 * u(m, i, j, 2) - 4.0d0 * u(m, i, j, 3) + u(m, i, j, 4))
           r(m, i, j, 3) = r(m, i, j, 3) - dssp &
                * (-4.0d0 * u(m, i, j, 2) + 6.0d0 * u(m, i, j, 3) &
                - 4.0d0 * u(m, i, j, 4) + u(m, i, j, 5))
        end do
     end do
  end do
  do k = 4, nz - 3
     do j = 2, ny - 1
        do i = 2, nx - 1
           do m = 1, 5
              r(m, i, j, k) = r(m, i, j, k) - dssp &
                   * (u(m, i, j, k - 2) - 4.0d0 * u(m, i, j, k - 1) &
                   + 6.0d0 * u(m, i, j, k) - 4.0d0 * u(m, i, j, k + 1) + u(m, i, j, k + 2))
           end do
        end do
     end do
  end do
  do j = 2, ny - 1
     do i = 2, nx - 1
        do m = 1, 5
           r(m, i, j, nz - 2) = r(m, i, j, nz - 2) - dssp &
                * (u(m, i, j, nz - 4) - 4.0d0 * u(m, i, j, nz - 3) &
                + 6.0d0 * u(m, i, j, nz - 2) - 4.0d0 * u(m, i, j, nz - 1))
           r(m, i, j, nz - 1) = r(m, i, j, nz - 1) - dssp &
                * (u(m, i, j, nz - 3) - 4.0d0 * u(m, i, j, nz - 2) &
                + 5.0d0 * u(m, i, j, nz - 1))
        end do
     end do
  end do
end subroutine zterms
