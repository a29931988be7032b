! wupwise.f90 - sp-wupwise's solve, called from its C main: makes the
! gauge field and the source from the seed (through the C helpers of
! wupwise_run.c), solves M x = b for the Wilson matrix M = 1 - kappa D by
! BiCGStab on the even sites (x_e from Mhat x_e = b_e + kappa D_eo b_o),
! then x_o = b_o + kappa D_oe x_e, and hands x to C to be written.
! Returns 0, 1 when memory runs out, 2 when the iterations run out before
! the tolerance is met, 3 when the solution could not be written.
integer(c_int) function wupwise_run(dims, kappa, tol, maxit, ctx) &
    bind(C, name='wupwise_run') result(rc)
  use, intrinsic :: iso_c_binding
  use wup_blas
  use wup_bicgstab
  use wup_hop
  use wup_lattice
  implicit none
  integer(c_int), intent(in) :: dims(4)
  real(c_double), value :: kappa, tol
  integer(c_int), value :: maxit
  type(c_ptr), value :: ctx

  interface
    subroutine wup_fill_gauge(ctx, u) bind(C, name='wup_fill_gauge')
      import :: c_ptr, c_double_complex
      type(c_ptr), value :: ctx
      complex(c_double_complex), intent(out) :: u(*)
    end subroutine wup_fill_gauge
    subroutine wup_fill_source(ctx, be, bo) bind(C, name='wup_fill_source')
      import :: c_ptr, c_double_complex
      type(c_ptr), value :: ctx
      complex(c_double_complex), intent(out) :: be(*), bo(*)
    end subroutine wup_fill_source
    integer(c_int) function wup_write(ctx, xe, xo, iters, res) &
        bind(C, name='wup_write')
      import :: c_ptr, c_double_complex, c_int, c_double
      type(c_ptr), value :: ctx
      complex(c_double_complex), intent(in) :: xe(*), xo(*)
      integer(c_int), value :: iters
      real(c_double), value :: res
    end function wup_write
  end interface

  complex(dp), allocatable :: u(:,:,:,:,:)
  complex(dp), allocatable, dimension(:,:,:) :: be, bo, bh, xe, r, rh, p, v, t, tmp
  real(dp) :: bnorm, res
  integer :: iters, n, st

  call lattice_init(dims)
  n = 12 * nh
  allocate (u(3, 3, 4, nh, 0:1), be(3, 4, nh), bo(3, 4, nh), bh(3, 4, nh), &
            xe(3, 4, nh), r(3, 4, nh), rh(3, 4, nh), p(3, 4, nh), &
            v(3, 4, nh), t(3, 4, nh), tmp(3, 4, nh), stat=st)
  if (st /= 0) then
    rc = 1
    return
  end if
  call wup_fill_gauge(ctx, u)
  call wup_fill_source(ctx, be, bo)
  bnorm = hypot(dznrm2(n, be, 1), dznrm2(n, bo, 1))

  ! bh = b_e + kappa D_eo b_o
  call dhop(u, bo, bh, 0)
  call zscal(n, cmplx(kappa, 0.0_dp, dp), bh, 1)
  call zaxpy(n, (1.0_dp, 0.0_dp), be, 1, bh, 1)
  call bicgstab(u, kappa, bh, bnorm, tol, maxit, xe, r, rh, p, v, t, tmp, &
                iters, res)
  write (*, '(a, i4, 3i4, a, f6.3, a, i6, a, es13.6)') 'lattice', nd, &
      '  kappa', kappa, '  iterations', iters, '  residual', res
  if (res > tol) then
    rc = 2
    return
  end if

  ! x_o = b_o + kappa D_oe x_e, in tmp
  call dhop(u, xe, tmp, 1)
  call zscal(n, cmplx(kappa, 0.0_dp, dp), tmp, 1)
  call zaxpy(n, (1.0_dp, 0.0_dp), bo, 1, tmp, 1)
  rc = 0
  if (wup_write(ctx, xe, tmp, iters, res) /= 0) rc = 3
end function wupwise_run
