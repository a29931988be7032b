! applu_eta.f90 - the eta-direction terms of the applu operator (NAS LU's
! second part of RHS), added to r at the interior points of u: flux holds
! the inviscid fluxes, then the viscous ones, of each k plane in turn.

subroutine yterms(u, r, flux)
  implicit none
  include 'applu.inc'
  double precision u(5, nx, ny, nz), r(5, nx, ny, nz), flux(5, nx, ny, nz)
  double precision q, u31, tmp, u21j, u31j, u41j, u51j
  double precision u21jm1, u31jm1, u41jm1, u51jm1
  integer i, j, k, m

  do k = 2, nz - 1
     ! inviscid fluxes and their central differences
     do j = 1, ny
        do i = 2, nx - 1
           flux(1, i, j, k) = u(3, i, j, k)
           u31 = u(3, i, j, k) / u(1, i, j, k)
           q = 0.5d0 * (u(2, i, j, k)**2 + u(3, i, j, k)**2 + u(4, i, j, k)**2) &
                / u(1, i, j, k)
           flux(2, i, j, k) = u(2, i, j, k) * u31
           flux(3, i, j, k) = u(3, i, j, k) * u31 + c2 * (u(5, i, j, k) - q)
           flux(4, i, j, k) = u(4, i, j, k) * u31
           flux(5, i, j, k) = (c1 * u(5, i, j, k) - c2 * q) * u31
        end do
     end do
     do j = 2, ny - 1
        do i = 2, nx - 1
           do m = 1, 5
              r(m, i, j, k) = r(m, i, j, k) &
                   - ty2 * (flux(m, i, j + 1, k) - flux(m, i, j - 1, k))
           end do
        end do
     end do
     ! viscous fluxes between points j-1 and j
     do j = 2, ny
        do i = 2, nx - 1
           tmp = 1.0d0 / u(1, i, j, k)
           u21j = tmp * u(2, i, j, k)
           u31j = tmp * u(3, i, j, k)
           u41j = tmp * u(4, i, j, k)
           u51j = tmp * u(5, i, j, k)
           tmp = 1.0d0 / u(1, i, j - 1, k)
           u21jm1 = tmp * u(2, i, j - 1, k)
           u31jm1 = tmp * u(3, i, j - 1, k)
           u41jm1 = tmp * u(4, i, j - 1, k)
           u51jm1 = tmp * u(5, i, j - 1, k)
           flux(2, i, j, k) = ty3 * (u21j - u21jm1)
           flux(3, i, j, k) = (4.0d0 / 3.0d0) * ty3 * (u31j - u31jm1)
           flux(4, i, j, k) = ty3 * (u41j - u41jm1)
           flux(5, i, j, k) = 0.5d0 * (1.0d0 - c1 * c5) * ty3 &
                * ((u21j**2 + u31j**2 + u41j**2) - (u21jm1**2 + u31jm1**2 + u41jm1**2)) &
                + (1.0d0 / 6.0d0) * ty3 * (u31j**2 - u31jm1**2) &
                + c1 * c5 * ty3 * (u51j - u51jm1)
        end do
     end do
     do j = 2, ny - 1
        do i = 2, nx - 1
           r(1, i, j, k) = r(1, i, j, k) + dy1 * ty1 &
                * (u(1, i, j - 1, k) - 2.0d0 * u(1, i, j, k) + u(1, i, j + 1, k))
           r(2, i, j, k) = r(2, i, j, k) &
                + ty3 * c3 * c4 * (flux(2, i, j + 1, k) - flux(2, i, j, k)) + dy2 * ty1 &
                * (u(2, i, j - 1, k) - 2.0d0 * u(2, i, j, k) + u(2, i, j + 1, k))
           r(3, i, j, k) = r(3, i, j, k) &
                + ty3 * c3 * c4 * (flux(3, i, j + 1, k) - flux(3, i, j, k)) + dy3 * ty1 &
                * (u(3, i, j - 1, k) - 2.0d0 * u(3, i, j, k) + u(3, i, j + 1, k))
           r(4, i, j, k) = r(4, i, j, k) &
                + ty3 * c3 * c4 * (flux(4, i, j + 1, k) - flux(4, i, j, k)) + dy4 * ty1 &
                * (u(4, i, j - 1, k) - 2.0d0 * u(4, i, j, k) + u(4, i, j + 1, k))
           r(5, i, j, k) = r(5, i, j, k) &
                + ty3 * c3 * c4 * (flux(5, i, j + 1, k) - flux(5, i, j, k)) + dy5 * ty1 &
                * (u(5, i, j - 1, k) - 2.0d0 * u(5, i, j, k) + u(5, i, j + 1, k))
        end do
     end do
     ! fourth-difference dissipation, one-sided at the two points next
     ! to each face
     do i = 2, nx - 1
        do m = 1, 5
           r(m, i, 2, k) = r(m, i, 2, k) - dssp &
                * (5.0d0 * u(m, i, 2, k) - 4.0d0 * u(m, i, 3, k) + u(m, i, 4, k))
           r(m, i, 3, k) = r(m, i, 3, k) - dssp &
                * (-4.0d0 * u(m, i, 2, k) + 6.0d0 * u(m, i, 3, k) &
                - 4.0d0 * u(m, i, 4, k) + u(m, i, 5, k))
        end do
     end do
     do j = 4, ny - 3
        do i = 2, nx - 1
           do m = 1, 5
              r(m, i, j, k) = r(m, i, j, k) - dssp &
                   * (u(m, i, j - 2, k) - 4.0d0 * u(m, i, j - 1, k) &
                   + 6.0d0 * u(m, i, j, k) - 4.0d0 * u(m, i, j + 1, k) + u(m, i, j + 2, k))
           end do
        end do
     end do
     do i = 2, nx - 1
        do m = 1, 5
           r(m, i, ny - 2, k) = r(m, i, ny - 2, k) - dssp &
                * (u(m, i, ny - 4, k) - 4.0d0 * u(m, i, ny - 3, k) &
                + 6.0d0 * u(m, i, ny - 2, k) - 4.0d0 * u(m, i, ny - 1, k))
           r(m, i, ny - 1, k) = r(m, i, ny - 1, k) - dssp &
                * (u(m, i, ny - 3, k) - 4.0d0 * u(m, i, ny - 2, k) &
                + 5.0d0 * u(m, i, ny - 1, k))
        end do
     end do
  end do
end subroutine yterms
