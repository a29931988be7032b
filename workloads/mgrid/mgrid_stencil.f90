! mgrid_stencil.f90 - the mgrid workload's two 27-point operators, NAS MG's
! RESID (r = v - A u) and PSINV (the smoother, u = u + C r).  A and C are
! given by four coefficients each: the centre (0), the 6 face neighbours
! (1), the 12 edge neighbours (2) and the 8 corners (3); every term is
! written out, as SPEC's 172.mgrid writes them, i1 the innermost loop.

! r = v - A u on the interior, then r's ghosts.  The coarse levels pass
! the same array as v and r (as NAS MG does): each r(i1,i2,i3) reads v at
! that point only, so the update in place is the same computation.
subroutine resid(u, v, r, n1, n2, n3, a)
  implicit none
  integer n1, n2, n3
  double precision u(n1, n2, n3), v(n1, n2, n3), r(n1, n2, n3), a(0:3)
  integer i1, i2, i3

  do i3 = 2, n3 - 1
     do i2 = 2, n2 - 1
        do i1 = 2, n1 - 1
           r(i1, i2, i3) = v(i1, i2, i3) &
                - a(0) * u(i1, i2, i3) &
                - a(1) * (u(i1 - 1, i2, i3) + u(i1 + 1, i2, i3) &
                        + u(i1, i2 - 1, i3) + u(i1, i2 + 1, i3) &
                        + u(i1, i2, i3 - 1) + u(i1, i2, i3 + 1)) &
                - a(2) * (u(i1 - 1, i2 - 1, i3) + u(i1 + 1, i2 - 1, i3) &
                        + u(i1 - 1, i2 + 1, i3) + u(i1 + 1, i2 + 1, i3) &
                        + u(i1, i2 - 1, i3 - 1) + u(i1, i2 + 1, i3 - 1) &
                        + u(i1, i2 - 1, i3 + 1) + u(i1, i2 + 1, i3 + 1) &
                        + u(i1 - 1, i2, i3 - 1) + u(i1 - 1, i2, i3 + 1) &
                        + u(i1 + 1, i2, i3 - 1) + u(i1 + 1, i2, i3 + 1)) &
                - a(3) * (u(i1 - 1, i2 - 1, i3 - 1) + u(i1 + 1, i2 - 1, i3 - 1) &
                        + u(i1 - 1, i2 + 1, i3 - 1) + u(i1 + 1, i2 + 1, i3 - 1) &
                        + u(i1 - 1, i2 - 1, i3 + 1) + u(i1 + 1, i2 - 1, i3 + 1) &
                        + u(i1 - 1, i2 + 1, i3 + 1) + u(i1 + 1, i2 + 1, i3 + 1))
        end do
     end do
  end do
  call comm3(r, n1, n2, n3)
end subroutine resid

! u = u + C r on the interior, then u's ghosts.
subroutine psinv(r, u, n1, n2, n3, c)
  implicit none
  integer n1, n2, n3
  double precision r(n1, n2, n3), u(n1, n2, n3), c(0:3)
  integer i1, i2, i3

  do i3 = 2, n3 - 1
     do i2 = 2, n2 - 1
        do i1 = 2, n1 - 1
           u(i1, i2, i3) = u(i1, i2, i3) &
                + c(0) * r(i1, i2, i3) &
                + c(1) * (r(i1 - 1, i2, i3) + r(i1 + 1, i2, i3) &
                        + r(i1, i2 - 1, i3) + r(i1, i2 + 1, i3) &
                        + r(i1, i2, i3 - 1) + r(i1, i2, i3 + 1)) &
                + c(2) * (r(i1 - 1, i2 - 1, i3) + r(i1 + 1, i2 - 1, i3) &
                        + r(i1 - 1, i2 + 1, i3) + r(i1 + 1, i2 + 1, i3) &
                        + r(i1, i2 - 1, i3 - 1) + r(i1, i2 + 1, i3 - 1) &
                        + r(i1, i2 - 1, i3 + 1) + r(i1, i2 + 1, i3 + 1) &
                        + r(i1 - 1, i2, i3 - 1) + r(i1 - 1, i2, i3 + 1) &
                        + r(i1 + 1, i2, i3 - 1) + r(i1 + 1, i2, i3 + 1)) &
                + c(3) * (r(i1 - 1, i2 - 1, i3 - 1) + r(i1 + 1, i2 - 1, i3 - 1) &
                        + r(i1 - 1, i2 + 1, i3 - 1) + r(i1 + 1, i2 + 1, i3 - 1) &
                        + r(i1 - 1, i2 - 1, i3 + 1) + r(i1 + 1, i2 - 1, i3 + 1) &
                        + r(i1 - 1, i2 + 1, i3 + 1) + r(i1 + 1, i2 + 1, i3 + 1))
        end do
     end do
  end do
  call comm3(u, n1, n2, n3)
end subroutine psinv
