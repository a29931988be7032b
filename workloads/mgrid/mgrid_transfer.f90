! mgrid_transfer.f90 - the mgrid workload's moves between levels, NAS MG's
! RPRJ3 (restriction of a residual to the next coarser level by a 27-point
! full weighting) and INTERP (trilinear prolongation of a coarse correction,
! added to the next finer level).  Coarse point j sits on fine point
! 2j-1 (ghosts at 1 and m on each level).

! s = the restriction of r: weights 1/2 at the centre, 1/4 at the faces,
! 1/8 at the edges and 1/16 at the corners (they add up to 4, the factor
! by which the operator's h^2 grows from one level to the next).
subroutine rprj3(r, m1k, m2k, m3k, s, m1j, m2j, m3j)
  implicit none
  integer m1k, m2k, m3k, m1j, m2j, m3j
  double precision r(m1k, m2k, m3k), s(m1j, m2j, m3j)
  integer i1, i2, i3, j1, j2, j3

  do j3 = 2, m3j - 1
     i3 = 2 * j3 - 1
     do j2 = 2, m2j - 1
        i2 = 2 * j2 - 1
        do j1 = 2, m1j - 1
           i1 = 2 * j1 - 1
           s(j1, j2, j3) = 0.5d0 * r(i1, i2, i3) &
                + 0.25d0 * (r(i1 - 1, i2, i3) + r(i1 + 1, i2, i3) &
                          + r(i1, i2 - 1, i3) + r(i1, i2 + 1, i3) &
                          + r(i1, i2, i3 - 1) + r(i1, i2, i3 + 1)) &
                + 0.125d0 * (r(i1 - 1, i2 - 1, i3) + r(i1 + 1, i2 - 1, i3) &
                           + r(i1 - 1, i2 + 1, i3) + r(i1 + 1, i2 + 1, i3) &
                           + r(i1, i2 - 1, i3 - 1) + r(i1, i2 + 1, i3 - 1) &
                           + r(i1, i2 - 1, i3 + 1) + r(i1, i2 + 1, i3 + 1) &
                           + r(i1 - 1, i2, i3 - 1) + r(i1 - 1, i2, i3 + 1) &
                           + r(i1 + 1, i2, i3 - 1) + r(i1 + 1, i2, i3 + 1)) &
                + 0.0625d0 * (r(i1 - 1, i2 - 1, i3 - 1) + r(i1 + 1, i2 - 1, i3 - 1) &
                            + r(i1 - 1, i2 + 1, i3 - 1) + r(i1 + 1, i2 + 1, i3 - 1) &
                            + r(i1 - 1, i2 - 1, i3 + 1) + r(i1 + 1, i2 - 1, i3 + 1) &
                            + r(i1 - 1, i2 + 1, i3 + 1) + r(i1 + 1, i2 + 1, i3 + 1))
        end do
     end do
  end do
  call comm3(s, m1j, m2j, m3j)
end subroutine rprj3

! u = u + the trilinear interpolation of z, ghosts included (so no COMM3):
! a fine point on a coarse one takes its value, one between two coarse
! points half of each, and so on.
subroutine interp(z, mm1, mm2, mm3, u, n1, n2, n3)
  implicit none
  integer mm1, mm2, mm3, n1, n2, n3
  double precision z(mm1, mm2, mm3), u(n1, n2, n3)
  integer i1, i2, i3

  do i3 = 1, mm3 - 1
     do i2 = 1, mm2 - 1
        do i1 = 1, mm1 - 1
           u(2 * i1 - 1, 2 * i2 - 1, 2 * i3 - 1) = &
                u(2 * i1 - 1, 2 * i2 - 1, 2 * i3 - 1) + z(i1, i2, i3)
           u(2 * i1, 2 * i2 - 1, 2 * i3 - 1) = &
                u(2 * i1, 2 * i2 - 1, 2 * i3 - 1) &
                + 0.5d0 * (z(i1, i2, i3) + z(i1 + 1, i2, i3))
           u(2 * i1 - 1, 2 * i2, 2 * i3 - 1) = &
                u(2 * i1 - 1, 2 * i2, 2 * i3 - 1) &
                + 0.5d0 * (z(i1, i2, i3) + z(i1, i2 + 1, i3))
           u(2 * i1, 2 * i2, 2 * i3 - 1) = &
                u(2 * i1, 2 * i2, 2 * i3 - 1) &
                + 0.25d0 * (z(i1, i2, i3) + z(i1 + 1, i2, i3) &
                          + z(i1, i2 + 1, i3) + z(i1 + 1, i2 + 1, i3))
           u(2 * i1 - 1, 2 * i2 - 1, 2 * i3) = &
                u(2 * i1 - 1, 2 * i2 - 1, 2 * i3) &
                + 0.5d0 * (z(i1, i2, i3) + z(i1, i2, i3 + 1))
           u(2 * i1, 2 * i2 - 1, 2 * i3) = &
                u(2 * i1, 2 * i2 - 1, 2 * i3) &
                + 0.25d0 * (z(i1, i2, i3) + z(i1 + 1, i2, i3) &
                          + z(i1, i2, i3 + 1) + z(i1 + 1, i2, i3 + 1))
           u(2 * i1 - 1, 2 * i2, 2 * i3) = &
                u(2 * i1 - 1, 2 * i2, 2 * i3) &
                + 0.25d0 * (z(i1, i2, i3) + z(i1, i2 + 1, i3) &
                          + z(i1, i2, i3 + 1) + z(i1, i2 + 1, i3 + 1))
           u(2 * i1, 2 * i2, 2 * i3) = &
                u(2 * i1, 2 * i2, 2 * i3) &
                + 0.125d0 * (z(i1, i2, i3) + z(i1 + 1, i2, i3) &
                           + z(i1, i2 + 1, i3) + z(i1 + 1, i2 + 1, i3) &
                           + z(i1, i2, i3 + 1) + z(i1 + 1, i2, i3 + 1) &
                           + z(i1, i2 + 1, i3 + 1) + z(i1 + 1, i2 + 1, i3 + 1))
        end do
     end do
  end do
end subroutine interp
