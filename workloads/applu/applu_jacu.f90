! applu_jacu.f90 - the block diagonal and the upper triangle of the
! applu system's Jacobian (NAS LU's JACU), as SPEC's applu forms them:
! at every interior point of the whole grid at once, 5 x 5 blocks in
! d (the point's own), a (its neighbour above in xi), b (in eta) and c
! (in zeta), overwriting jacld's; each -dt times the derivative of the
! point's residual by the neighbour's variables.

subroutine jacu(u, a, b, c, d)
  implicit none
  include 'applu.inc'
  double precision u(5, nx, ny, nz)
  double precision a(5, 5, nx, ny, nz), b(5, 5, nx, ny, nz)
  double precision c(5, 5, nx, ny, nz), d(5, 5, nx, ny, nz)
  double precision r43, c1345, c34, tmp1, tmp2, tmp3
  integer i, j, k

  r43 = 4.0d0 / 3.0d0
  c1345 = c1 * c3 * c4 * c5
  c34 = c3 * c4
  do k = nz - 1, 2, -1
     do j = ny - 1, 2, -1
        do i = nx - 1, 2, -1
           ! the block diagonal
           tmp1 = 1.0d0 / u(1, i, j, k)
           tmp2 = tmp1 * tmp1
           tmp3 = tmp1 * tmp2
           call jacdiag(u(1, i, j, k), tmp1, tmp2, tmp3, d(1, 1, i, j, k))

           ! the xi neighbour above, (i+1, j, k)
           tmp1 = 1.0d0 / u(1, i + 1, j, k)
           tmp2 = tmp1 * tmp1
           tmp3 = tmp1 * tmp2
           a(1, 1, i, j, k) = -dt * tx1 * dx1
           a(1, 2, i, j, k) = dt * tx2
           a(1, 3, i, j, k) = 0.0d0
           a(1, 4, i, j, k) = 0.0d0
           a(1, 5, i, j, k) = 0.0d0
           a(2, 1, i, j, k) = dt * tx2 * (-(u(2, i + 1, j, k) * tmp1)**2 &
                + c2 * 0.5d0 * (u(2, i + 1, j, k)**2 + u(3, i + 1, j, k)**2 &
                + u(4, i + 1, j, k)**2) * tmp2) &
                - dt * tx1 * (-r43 * c34 * tmp2 * u(2, i + 1, j, k))
           a(2, 2, i, j, k) = dt * tx2 * ((2.0d0 - c2) * (u(2, i + 1, j, k) * tmp1)) &
                - dt * tx1 * (r43 * c34 * tmp1) - dt * tx1 * dx2
           a(2, 3, i, j, k) = dt * tx2 * (-c2 * (u(3, i + 1, j, k) * tmp1))
           a(2, 4, i, j, k) = dt * tx2 * (-c2 * (u(4, i + 1, j, k) * tmp1))
           a(2, 5, i, j, k) = dt * tx2 * c2
           a(3, 1, i, j, k) = dt * tx2 * (-(u(2, i + 1, j, k) * u(3, i + 1, j, k)) * tmp2) &
                - dt * tx1 * (-c34 * tmp2 * u(3, i + 1, j, k))
           a(3, 2, i, j, k) = dt * tx2 * (u(3, i + 1, j, k) * tmp1)
           a(3, 3, i, j, k) = dt * tx2 * (u(2, i + 1, j, k) * tmp1) &
                - dt * tx1 * (c34 * tmp1) - dt * tx1 * dx3
           a(3, 4, i, j, k) = 0.0d0
           a(3, 5, i, j, k) = 0.0d0
           a(4, 1, i, j, k) = dt * tx2 * (-(u(2, i + 1, j, k) * u(4, i + 1, j, k)) * tmp2) &
                - dt * tx1 * (-c34 * tmp2 * u(4, i + 1, j, k))
           a(4, 2, i, j, k) = dt * tx2 * (u(4, i + 1, j, k) * tmp1)
           a(4, 3, i, j, k) = 0.0d0
           a(4, 4, i, j, k) = dt * tx2 * (u(2, i + 1, j, k) * tmp1) &
                - dt * tx1 * (c34 * tmp1) - dt * tx1 * dx4
           a(4, 5, i, j, k) = 0.0d0
           a(5, 1, i, j, k) = dt * tx2 * ((c2 * (u(2, i + 1, j, k)**2 + u(3, i + 1, j, k)**2 &
                + u(4, i + 1, j, k)**2) * tmp2 - c1 * (u(5, i + 1, j, k) * tmp1)) &
                * (u(2, i + 1, j, k) * tmp1)) &
                - dt * tx1 * (-(r43 * c34 - c1345) * tmp3 * u(2, i + 1, j, k)**2 &
                - (c34 - c1345) * tmp3 * u(3, i + 1, j, k)**2 &
                - (c34 - c1345) * tmp3 * u(4, i + 1, j, k)**2 &
                - c1345 * tmp2 * u(5, i + 1, j, k))
           a(5, 2, i, j, k) = dt * tx2 * (c1 * (u(5, i + 1, j, k) * tmp1) &
                - c2 * (0.5d0 * (3.0d0 * u(2, i + 1, j, k)**2 + u(3, i + 1, j, k)**2 &
                + u(4, i + 1, j, k)**2) * tmp2)) &
                - dt * tx1 * (r43 * c34 - c1345) * tmp2 * u(2, i + 1, j, k)
           a(5, 3, i, j, k) = dt * tx2 * (-c2 * (u(3, i + 1, j, k) * u(2, i + 1, j, k)) * tmp2) &
                - dt * tx1 * (c34 - c1345) * tmp2 * u(3, i + 1, j, k)
           a(5, 4, i, j, k) = dt * tx2 * (-c2 * (u(4, i + 1, j, k) * u(2, i + 1, j, k)) * tmp2) &
                - dt * tx1 * (c34 - c1345) * tmp2 * u(4, i + 1, j, k)
           a(5, 5, i, j, k) = dt * tx2 * (c1 * (u(2, i + 1, j, k) * tmp1)) &
                - dt * tx1 * c1345 * tmp1 - dt * tx1 * dx5

           ! the eta neighbour above, (i, j+1, k)
           tmp1 = 1.0d0 / u(1, i, j + 1, k)
           tmp2 = tmp1 * tmp1
           tmp3 = tmp1 * tmp2
           b(1, 1, i, j, k) = -dt * ty1 * dy1
           b(1, 2, i, j, k) = 0.0d0
           b(1, 3, i, j, k) = dt * ty2
           b(1, 4, i, j, k) = 0.0d0
           b(1, 5, i, j, k) = 0.0d0
           b(2, 1, i, j, k) = dt * ty2 * (-(u(2, i, j + 1, k) * u(3, i, j + 1, k)) * tmp2) &
                - dt * ty1 * (-c34 * tmp2 * u(2, i, j + 1, k))
           b(2, 2, i, j, k) = dt * ty2 * (u(3, i, j + 1, k) * tmp1) &
                - dt * ty1 * (c34 * tmp1) - dt * ty1 * dy2
           b(2, 3, i, j, k) = dt * ty2 * (u(2, i, j + 1, k) * tmp1)
           b(2, 4, i, j, k) = 0.0d0
           b(2, 5, i, j, k) = 0.0d0
           b(3, 1, i, j, k) = dt * ty2 * (-(u(3, i, j + 1, k) * tmp1)**2 &
                + c2 * (0.5d0 * (u(2, i, j + 1, k)**2 + u(3, i, j + 1, k)**2 &
                + u(4, i, j + 1, k)**2) * tmp2)) &
                - dt * ty1 * (-r43 * c34 * tmp2 * u(3, i, j + 1, k))
           b(3, 2, i, j, k) = dt * ty2 * (-c2 * (u(2, i, j + 1, k) * tmp1))
           b(3, 3, i, j, k) = dt * ty2 * ((2.0d0 - c2) * (u(3, i, j + 1, k) * tmp1)) &
                - dt * ty1 * (r43 * c34 * tmp1) - dt * ty1 * dy3
           b(3, 4, i, j, k) = dt * ty2 * (-c2 * (u(4, i, j + 1, k) * tmp1))
           b(3, 5, i, j, k) = dt * ty2 * c2
           b(4, 1, i, j, k) = dt * ty2 * (-(u(3, i, j + 1, k) * u(4, i, j + 1, k)) * tmp2) &
                - dt * ty1 * (-c34 * tmp2 * u(4, i, j + 1, k))
           b(4, 2, i, j, k) = 0.0d0
           b(4, 3, i, j, k) = dt * ty2 * (u(4, i, j + 1, k) * tmp1)
           b(4, 4, i, j, k) = dt * ty2 * (u(3, i, j + 1, k) * tmp1) &
                - dt * ty1 * (c34 * tmp1) - dt * ty1 * dy4
           b(4, 5, i, j, k) = 0.0d0
           b(5, 1, i, j, k) = dt * ty2 * ((c2 * (u(2, i, j + 1, k)**2 + u(3, i, j + 1, k)**2 &
                + u(4, i, j + 1, k)**2) * tmp2 - c1 * (u(5, i, j + 1, k) * tmp1)) &
                * (u(3, i, j + 1, k) * tmp1)) &
                - dt * ty1 * (-(c34 - c1345) * tmp3 * u(2, i, j + 1, k)**2 &
                - (r43 * c34 - c1345) * tmp3 * u(3, i, j + 1, k)**2 &
                - (c34 - c1345) * tmp3 * u(4, i, j + 1, k)**2 &
                - c1345 * tmp2 * u(5, i, j + 1, k))
           b(5, 2, i, j, k) = dt * ty2 * (-c2 * (u(2, i, j + 1, k) * u(3, i, j + 1, k)) * tmp2) &
                - dt * ty1 * (c34 - c1345) * tmp2 * u(2, i, j + 1, k)
           b(5, 3, i, j, k) = dt * ty2 * (c1 * (u(5, i, j + 1, k) * tmp1) &
                - c2 * (0.5d0 * (u(2, i, j + 1, k)**2 + 3.0d0 * u(3, i, j + 1, k)**2 &
                + u(4, i, j + 1, k)**2) * tmp2)) &
                - dt * ty1 * (r43 * c34 - c1345) * tmp2 * u(3, i, j + 1, k)
           b(5, 4, i, j, k) = dt * ty2 * (-c2 * (u(3, i, j + 1, k) * u(4, i, j + 1, k)) * tmp2) &
                - dt * ty1 * (c34 - c1345) * tmp2 * u(4, i, j + 1, k)
           b(5, 5, i, j, k) = dt * ty2 * (c1 * (u(3, i, j + 1, k) * tmp1)) &
                - dt * ty1 * c1345 * tmp1 - dt * ty1 * dy5

           ! the zeta neighbour above, (i, j, k+1)
           tmp1 = 1.0d0 / u(1, i, j, k + 1)
           tmp2 = tmp1 * tmp1
           tmp3 = tmp1 * tmp2
           c(1, 1, i, j, k) = -dt * tz1 * dz1
           c(1, 2, i, j, k) = 0.0d0
           c(1, 3, i, j, k) = 0.0d0
           c(1, 4, i, j, k) = dt * tz2
           c(1, 5, i, j, k) = 0.0d0
           c(2, 1, i, j, k) = dt * tz2 * (-(u(2, i, j, k + 1) * u(4, i, j, k + 1)) * tmp2) &
                - dt * tz1 * (-c34 * tmp2 * u(2, i, j, k + 1))
           c(2, 2, i, j, k) = dt * tz2 * (u(4, i, j, k + 1) * tmp1) &
                - dt * tz1 * c34 * tmp1 - dt * tz1 * dz2
           c(2, 3, i, j, k) = 0.0d0
           c(2, 4, i, j, k) = dt * tz2 * (u(2, i, j, k + 1) * tmp1)
           c(2, 5, i, j, k) = 0.0d0
           c(3, 1, i, j, k) = dt * tz2 * (-(u(3, i, j, k + 1) * u(4, i, j, k + 1)) * tmp2) &
                - dt * tz1 * (-c34 * tmp2 * u(3, i, j, k + 1))
           c(3, 2, i, j, k) = 0.0d0
           c(3, 3, i, j, k) = dt * tz2 * (u(4, i, j, k + 1) * tmp1) &
                - dt * tz1 * c34 * tmp1 - dt * tz1 * dz3
           c(3, 4, i, j, k) = dt * tz2 * (u(3, i, j, k + 1) * tmp1)
           c(3, 5, i, j, k) = 0.0d0
           c(4, 1, i, j, k) = dt * tz2 * (-(u(4, i, j, k + 1) * tmp1)**2 &
                + c2 * (0.5d0 * (u(2, i, j, k + 1)**2 + u(3, i, j, k + 1)**2 &
                + u(4, i, j, k + 1)**2) * tmp2)) &
                - dt * tz1 * (-r43 * c34 * tmp2 * u(4, i, j, k + 1))
           c(4, 2, i, j, k) = dt * tz2 * (-c2 * (u(2, i, j, k + 1) * tmp1))
           c(4, 3, i, j, k) = dt * tz2 * (-c2 * (u(3, i, j, k + 1) * tmp1))
           c(4, 4, i, j, k) = dt * tz2 * (2.0d0 - c2) * (u(4, i, j, k + 1) * tmp1) &
                - dt * tz1 * (r43 * c34 * tmp1) - dt * tz1 * dz4
           c(4, 5, i, j, k) = dt * tz2 * c2
           c(5, 1, i, j, k) = dt * tz2 * ((c2 * (u(2, i, j, k + 1)**2 + u(3, i, j, k + 1)**2 &
                + u(4, i, j, k + 1)**2) * tmp2 - c1 * (u(5, i, j, k + 1) * tmp1)) &
                * (u(4, i, j, k + 1) * tmp1)) &
                - dt * tz1 * (-(c34 - c1345) * tmp3 * u(2, i, j, k + 1)**2 &
                - (c34 - c1345) * tmp3 * u(3, i, j, k + 1)**2 &
                - (r43 * c34 - c1345) * tmp3 * u(4, i, j, k + 1)**2 &
                - c1345 * tmp2 * u(5, i, j, k + 1))
           c(5, 2, i, j, k) = dt * tz2 * (-c2 * (u(2, i, j, k + 1) * u(4, i, j, k + 1)) * tmp2) &
                - dt * tz1 * (c34 - c1345) * tmp2 * u(2, i, j, k + 1)
           c(5, 3, i, j, k) = dt * tz2 * (-c2 * (u(3, i, j, k + 1) * u(4, i, j, k + 1)) * tmp2) &
                - dt * tz1 * (c34 - c1345) * tmp2 * u(3, i, j, k + 1)
           c(5, 4, i, j, k) = dt * tz2 * (c1 * (u(5, i, j, k + 1) * tmp1) &
                - c2 * (0.5d0 * (u(2, i, j, k + 1)**2 + u(3, i, j, k + 1)**2 &
                + 3.0d0 * u(4, i, j, k + 1)**2) * tmp2)) &
                - dt * tz1 * (r43 * c34 - c1345) * tmp2 * u(4, i, j, k + 1)
           c(5, 5, i, j, k) = dt * tz2 * (c1 * (u(4, i, j, k + 1) * tmp1)) &
                - dt * tz1 * c1345 * tmp1 - dt * tz1 * dz5
        end do
     end do
  end do
end subroutine jacu
