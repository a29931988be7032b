! mgrid_solve.f90 - the mgrid workload's solver, NAS MG's main loop and
! MG3P: V-cycles for A u = v on the periodic grid hierarchy of
! mgrid_setup.f90, with the operators of mgrid_stencil.f90 and
! mgrid_transfer.f90.  The C main (mgrid_main.c) hands it the input
! file's coefficients and charges and the three arrays, u and r
! hierarchical and v the top level only, laid out one after another as
! SPEC's COMMON /X/ U(NR), V(NV), R(NR).

! One V-cycle: the residual r (top level) restricted down to the
! coarsest level, one smoothing there from zero, then on each level up
! the coarser correction interpolated, the level's residual and one
! smoothing; on the top level the correction is added to u.
subroutine mg3p(u, v, r, a, c, lt, m, ir)
  implicit none
  integer lt, m(20)
  integer(8) ir(20)
  double precision u(*), v(*), r(*), a(0:3), c(0:3)
  integer j, k

  do k = lt, 2, -1
     j = k - 1
     call rprj3(r(ir(k)), m(k), m(k), m(k), r(ir(j)), m(j), m(j), m(j))
  end do
  k = 1
  call zero3(u(ir(k)), m(k), m(k), m(k))
  call psinv(r(ir(k)), u(ir(k)), m(k), m(k), m(k), c)
  do k = 2, lt - 1
     j = k - 1
     call zero3(u(ir(k)), m(k), m(k), m(k))
     call interp(u(ir(j)), m(j), m(j), m(j), u(ir(k)), m(k), m(k), m(k))
     call resid(u(ir(k)), r(ir(k)), r(ir(k)), m(k), m(k), m(k), a)
     call psinv(r(ir(k)), u(ir(k)), m(k), m(k), m(k), c)
  end do
  j = lt - 1
  k = lt
  call interp(u(ir(j)), m(j), m(j), m(j), u, m(k), m(k), m(k))
  call resid(u, v, r, m(k), m(k), m(k), a)
  call psinv(r, u, m(k), m(k), m(k), c)
end subroutine mg3p

! Solves on a top grid of n^3 interior points: v zero but for nq charges
! q(i) at the interior points iq(:,i) (from 0), u from zero, nit V-cycles.
! hist(0) is the root mean square of the first residual, hist(it) that
! after cycle it; rnmu the largest magnitude of the last.
subroutine mgrid_solve(n, nit, a, c, nq, iq, q, u, v, r, hist, rnmu) &
     bind(C, name='mgrid_solve')
  use iso_c_binding, only: c_int, c_double
  implicit none
  integer(c_int), value :: n, nit, nq
  real(c_double) :: a(0:3), c(0:3), q(nq), hist(0:nit), rnmu
  integer(c_int) :: iq(3, nq)
  real(c_double) :: u(*), v(*), r(*)
  integer lt, m(20), mt, i, it
  integer(8) ir(20), nr

  call setup(n, lt, m, ir, nr)
  mt = m(lt)
  call zero3(u, mt, mt, mt)
  call zero3(v, mt, mt, mt)
  do i = 1, nq
     call setpt(v, mt, mt, mt, iq(1, i) + 2, iq(2, i) + 2, iq(3, i) + 2, q(i))
  end do
  call comm3(v, mt, mt, mt)
  call resid(u, v, r, mt, mt, mt, a)
  call norm2u3(r, mt, mt, mt, hist(0), rnmu)
  do it = 1, nit
     call mg3p(u, v, r, a, c, lt, m, ir)
     call resid(u, v, r, mt, mt, mt, a)
     call norm2u3(r, mt, mt, mt, hist(it), rnmu)
  end do
end subroutine mgrid_solve
