! mgrid_grid.f90 - the mgrid workload's whole-grid helpers, as NAS MG has
! them: the periodic boundary copy (COMM3), zeroing (ZERO3), one point set
! (for the charges), and the L2 and max norms of a grid's interior
! (NORM2U3).

! The ghost layers of u from the opposite interior faces (periodic), axis
! by axis, each axis's copy including the ghosts the previous ones set.
subroutine comm3(u, n1, n2, n3)
  implicit none
  integer n1, n2, n3
  double precision u(n1, n2, n3)
  integer i1, i2, i3

  do i3 = 2, n3 - 1
     do i2 = 2, n2 - 1
        u(1, i2, i3) = u(n1 - 1, i2, i3)
        u(n1, i2, i3) = u(2, i2, i3)
     end do
  end do
  do i3 = 2, n3 - 1
     do i1 = 1, n1
        u(i1, 1, i3) = u(i1, n2 - 1, i3)
        u(i1, n2, i3) = u(i1, 2, i3)
     end do
  end do
  do i2 = 1, n2
     do i1 = 1, n1
        u(i1, i2, 1) = u(i1, i2, n3 - 1)
        u(i1, i2, n3) = u(i1, i2, 2)
     end do
  end do
end subroutine comm3

subroutine zero3(u, n1, n2, n3)
  implicit none
  integer n1, n2, n3
  double precision u(n1, n2, n3)
  integer i1, i2, i3

  do i3 = 1, n3
     do i2 = 1, n2
        do i1 = 1, n1
           u(i1, i2, i3) = 0.0d0
        end do
     end do
  end do
end subroutine zero3

subroutine setpt(u, n1, n2, n3, i1, i2, i3, x)
  implicit none
  integer n1, n2, n3, i1, i2, i3
  double precision u(n1, n2, n3), x

  u(i1, i2, i3) = x
end subroutine setpt

! rnm2: the root mean square of r's interior; rnmu: its largest magnitude.
subroutine norm2u3(r, n1, n2, n3, rnm2, rnmu)
  implicit none
  integer n1, n2, n3
  double precision r(n1, n2, n3), rnm2, rnmu
  double precision s
  integer i1, i2, i3

  s = 0.0d0
  rnmu = 0.0d0
  do i3 = 2, n3 - 1
     do i2 = 2, n2 - 1
        do i1 = 2, n1 - 1
           s = s + r(i1, i2, i3)**2
           rnmu = max(rnmu, abs(r(i1, i2, i3)))
        end do
     end do
  end do
  rnm2 = sqrt(s / (dble(n1 - 2) * dble(n2 - 2) * dble(n3 - 2)))
end subroutine norm2u3
