! mgrid_setup.f90 - the grid hierarchy of the mgrid workload, as NAS MG's
! SETUP lays it out: level k (1 the coarsest, lt the top) is an m(k)^3
! array (the interior and one periodic ghost layer each side), and every
! level of a hierarchical array (u, r) lives in one long array, the top at
! offset 1 and each coarser level after the one above it.

subroutine setup(n, lt, m, ir, nr)
  implicit none
  integer n, lt, m(20)
  integer(8) ir(20), nr
  integer s(20), k

  ! halve the top grid's n while it stays even and at least 2: 2^k ends
  ! at 2 points a side, as NAS MG's coarsest level; 3*2^k ends at 3
  lt = 1
  s(1) = n
  do while (mod(s(lt), 2) == 0 .and. s(lt) >= 4 .and. lt < 20)
     lt = lt + 1
     s(lt) = s(lt - 1) / 2
  end do
  do k = 1, lt
     m(k) = s(lt - k + 1) + 2
  end do
  ir(lt) = 1
  do k = lt - 1, 1, -1
     ir(k) = ir(k + 1) + int(m(k + 1), 8)**3
  end do
  nr = ir(1) + int(m(1), 8)**3 - 1
end subroutine setup

! For the C main: the number of levels of a top grid of n^3 interior
! points, and the length of a hierarchical array (doubles).
subroutine mgrid_layout(n, lt, nr) bind(C, name='mgrid_layout')
  use iso_c_binding, only: c_int, c_long
  implicit none
  integer(c_int), value :: n
  integer(c_int) :: lt
  integer(c_long) :: nr
  integer m(20), l
  integer(8) ir(20), total

  call setup(n, l, m, ir, total)
  lt = l
  nr = total
end subroutine mgrid_layout
