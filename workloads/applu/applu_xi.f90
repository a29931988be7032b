! applu_xi.f90 - the xi-direction terms of the applu operator (NAS LU's
! first part of RHS), added to r at the interior points of u: flux holds
! the inviscid fluxes, then the viscous ones, of each line in turn.

subroutine xterms(u, r, flux)
  implicit none
  include 'applu.inc'
  double precision u(5, nx, ny, nz), r(5, nx, ny, nz), flux(5, nx, ny, nz)
  double precision q, u21, tmp, u21i, u31i, u41i, u51i
  double precision u21im1, u31im1, u41im1, u51im1
  integer i, j, k, m

  do k = 2, nz - 1
     do j = 2, ny - 1
        ! inviscid fluxes and their central differences
        do i = 1, nx
           flux(1, i, j, k) = u(2, i, j, k)
           u21 = u(2, i, j, k) / u(1, i, j, k)
           q = 0.5d0 * (u(2, i, j, k)**2 + u(3, i, j, k)**2 + u(4, i, j, k)**2) &
                / u(1, i, j, k)
           flux(2, i, j, k) = u(2, i, j, k) * u21 + c2 * (u(5, i, j, k) - q)
           flux(3, i, j, k) = u(3, i, j, k) * u21
           flux(4, i, j, k) = u(4, i, j, k) * u21
           flux(5, i, j, k) = (c1 * u(5, i, j, k) - c2 * q) * u21
        end do
        do i = 2, nx - 1
           do m = 1, 5
              r(m, i, j, k) = r(m, i, j, k) &
                   - tx2 * (flux(m, i + 1, j, k) - flux(m, i - 1, j, k))
           end do
        end do
        ! viscous fluxes between points i-1 and i
        do i = 2, nx
           tmp = 1.0d0 / u(1, i, j, k)
           u21i = tmp * u(2, i, j, k)
           u31i = tmp * u(3, i, j, k)
           u41i = tmp * u(4, i, j, k)
           u51i = tmp * u(5, i, j, k)
           tmp = 1.0d0 / u(1, i - 1, j, k)
           u21im1 = tmp * u(2, i - 1, j, k)
           u31im1 = tmp * u(3, i - 1, j, k)
           u41im1 = tmp * u(4, i - 1, j, k)
           u51im1 = tmp * u(5, i - 1, j, k)
           flux(2, i, j, k) = (4.0d0 / 3.0d0) * tx3 * (u21i - u21im1)
           flux(3, i, j, k) = tx3 * (u31i - u31im1)
           flux(4, i, j, k) = tx3 * (u41i - u41im1)
           flux(5, i, j, k) = 0.5d0 * (1.0d0 - c1 * c5) * tx3 &
                * ((u21i**2 + u31i**2 + u41i**2) - (u21im1**2 + u31im1**2 + u41im1**2)) &
                + (1.0d0 / 6.0d0) * tx3 * (u21i**2 - u21im1**2) &
                + c1 * c5 * tx3 * (u51i - u51im1)
        end do
        do i = 2, nx - 1
           r(1, i, j, k) = r(1, i, j, k) + dx1 * tx1 &
                * (u(1, i - 1, j, k) - 2.0d0 * u(1, i, j, k) + u(1, i + 1, j, k))
           r(2, i, j, k) = r(2, i, j, k) &
                + tx3 * c3 * c4 * (flux(2, i + 1, j, k) - flux(2, i, j, k)) + dx2 * tx1 &
                * (u(2, i - 1, j, k) - 2.0d0 * u(2, i, j, k) + u(2, i + 1, j, k))
           r(3, i, j, k) = r(3, i, j, k) &
                + tx3 * c3 * c4 * (flux(3, i + 1, j, k) - flux(3, i, j, k)) + dx3 * tx1 &
                * (u(3, i - 1, j, k) - 2.0d0 * u(3, i, j, k) + u(3, i + 1, j, k))
           r(4, i, j, k) = r(4, i, j, k) &
                + tx3 * c3 * c4 * (flux(4, i + 1, j, k) - flux(4, i, j, k)) + dx4 * tx1 &
                * (u(4, i - 1, j, k) - 2.0d0 * u(4, i, j, k) + u(4, i + 1, j, k))
           r(5, i, j, k) = r(5, i, j, k) &
                + tx3 * c3 * c4 * (flux(5, i + 1, j, k) - flux(5, i, j, k)) + dx5 * tx1 &
                * (u(5, i - 1, j, k) - 2.0d0 * u(5, i, j, k) + u(5, i + 1, j, k))
        end do
        ! fourth-difference dissipation, one-sided at the two points
        ! next to each face
        do m = 1, 5
           r(m, 2, j, k) = r(m, 2, j, k) - dssp &
                * (5.0d0 * u(m, 2, j, k) - 4.0d0 * u(m, 3, j, k) + u(m, 4, j, k))
           r(m, 3, j, k) = r(m, 3, j, k) - dssp &
                * (-4.0d0 * u(m, 2, j, k) + 6.0d0 * u(m, 3, j, k) &
                - 4.0d0 * u(m, 4, j, k) + u(m, 5, j, k))
        end do
        do i = 4, nx - 3
           do m = 1, 5
              r(m, i, j, k) = r(m, i, j, k) - dssp &
                   * (u(m, i - 2, j, k) - 4.0d0 * u(m, i - 1, j, k) &
                   + 6.0d0 * u(m, i, j, k) - 4.0d0 * u(m, i + 1, j, k) + u(m, i + 2, j, k))
           end do
        end do
        do m = 1, 5
           r(m, nx - 2, j, k) = r(m, nx - 2, j, k) - dssp &
                * (u(m, nx - 4, j, k) - 4.0d0 * u(m, nx - 3, j, k) &
                + 6.0d0 * u(m, nx - 2, j, k) - 4.0d0 * u(m, nx - 1, j, k))
           r(m, nx - 1, j, k) = r(m, nx - 1, j, k) - dssp &
                * (u(m, nx - 3, j, k) - 4.0d0 * u(m, nx - 2, j, k) &
                + 5.0d0 * u(m, nx - 1, j, k))
        end do
     end do
  end do
end subroutine xterms
