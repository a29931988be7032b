! galgel.f90 - sp-galgel's computation, called from its C main
! (galgel_run.c): builds the Galerkin system (galgel_galerkin.f90), then
! sweeps the Grashof numbers of galgel.in: at each, Newton's method for
! the steady state from the previous one (galgel_newton.f90; through
! smaller steps of Gr when a step is too long for it) and the whole
! spectrum of its linear stability problem (galgel_stability.f90), handed
! to the C side to write; and, as GAMM's benchmark asks, the critical
! Grashof number and frequency where the leading eigenvalue's real part
! first turns from negative to non-negative, by linear interpolation.
module galgel_run_c
  use, intrinsic :: iso_c_binding, only: c_int, c_long, c_double, c_ptr
  use galgel_basis, only: dp
  use galgel_galerkin, only: galerkin, build_galerkin
  use galgel_newton, only: newton
  use galgel_stability, only: work_size, spectrum
  implicit none
  private
  public :: galgel_run

  interface
    ! Writes step k (from 0): 0, or nonzero when it could not.
    integer(c_int) function galgel_put_step(ctx, k, gr, nsolve, res, m, x, &
                                            lre, lim, nvec, vidx, vre, vim) &
                                            bind(C, name="galgel_put_step")
      import :: c_int, c_long, c_double, c_ptr
      type(c_ptr), value :: ctx
      integer(c_long), value :: k, nsolve, m, nvec
      real(c_double), value :: gr, res
      real(c_double), intent(in) :: x(*), lre(*), lim(*), vre(*), vim(*)
      integer(c_long), intent(in) :: vidx(*)
    end function galgel_put_step
  end interface

contains

  ! Returns 0 done; 1 out of memory; 2 a basis could not be made; 3 Newton
  ! did not converge; 4 a Jacobian was singular; 5 QZ failed; 6 an
  ! infinite eigenvalue; 7 a step could not be written.  fail_step: the
  ! step of 3 to 7.  critical: 1 and the critical Grashof number and
  ! frequency, or 0.
  integer(c_int) function galgel_run(nx, ny, pr, aspect, steps, gr, tol, &
                                     maxit, nvec, ctx, fail_step, critical) &
                                     bind(C, name="galgel_run")
    integer(c_long), value :: nx, ny, steps, maxit, nvec
    real(c_double), value :: pr, aspect, tol
    real(c_double), intent(in) :: gr(steps)
    type(c_ptr), value :: ctx
    integer(c_long), intent(out) :: fail_step
    real(c_double), intent(out) :: critical(3)
    type(galerkin) :: g
    real(dp), allocatable :: bmass(:, :), jac(:, :), lu(:, :), aw(:, :), &
                             bw(:, :), vr(:, :), vre(:, :), vim(:, :)
    real(dp), allocatable :: x(:), f(:), work(:), alphar(:), alphai(:), &
                             beta(:), lre(:), lim(:)
    integer, allocatable :: ipiv(:), order(:), vidx(:)
    integer(c_long), allocatable :: vidx_c(:)
    real(dp) :: lead, lead0, freq, freq0, gr0, t
    integer :: n, m, k, st, nsolve

    fail_step = -1
    critical = 0
    call build_galerkin(int(nx), int(ny), pr, aspect, g, st)
    if (st /= 0) then
      galgel_run = st
      return
    end if
    n = g%n
    m = 2 * n
    allocate(bmass(m, m), jac(m, m), lu(m, m), aw(m, m), bw(m, m), vr(m, m), &
             vre(m, nvec), vim(m, nvec), x(m), f(m), work(work_size(m)), &
             alphar(m), alphai(m), beta(m), lre(m), lim(m), ipiv(m), &
             order(m), vidx(nvec), vidx_c(nvec), stat=st)
    if (st /= 0) then
      galgel_run = 1
      return
    end if
    bmass = 0
    bmass(1:n, 1:n) = g%bpsi
    bmass(n + 1:m, n + 1:m) = g%bth
    x = 0
    lead0 = 0
    freq0 = 0
    gr0 = 0
    do k = 1, int(steps)
      fail_step = k - 1
      call advance(gr0, gr(k), st)
      if (st /= 0) then
        galgel_run = 2 + st
        return
      end if
      call spectrum(jac, bmass, aw, bw, vr, work, alphar, alphai, beta, &
                    order, lre, lim, int(nvec), vidx, vre, vim, st)
      if (st /= 0) then
        galgel_run = 4 + st
        return
      end if
      vidx_c = vidx
      if (galgel_put_step(ctx, int(k - 1, c_long), gr(k), int(nsolve, c_long), &
                          maxval(abs(f)), int(m, c_long), x, lre, lim, nvec, &
                          vidx_c, vre, vim) /= 0) then
        galgel_run = 7
        return
      end if
      lead = lre(1)
      freq = abs(lim(1))
      if (k > 1 .and. critical(1) == 0 .and. lead0 < 0 .and. lead >= 0) then
        t = -lead0 / (lead - lead0)
        critical(1) = 1
        critical(2) = gr0 + t * (gr(k) - gr0)
        critical(3) = freq0 + t * (freq - freq0)
      end if
      lead0 = lead
      freq0 = freq
      gr0 = gr(k)
    end do
    fail_step = -1
    galgel_run = 0

  contains

    ! Newton's method at gr1 from the state at gr0; when it fails, again
    ! from that state through 2, 4, ... 64 equal steps of Gr (parameter
    ! continuation).  nsolve: all LU solves made; st as newton's.
    subroutine advance(gr0, gr1, st)
      real(dp), intent(in) :: gr0, gr1
      integer, intent(out) :: st
      real(dp) :: x0(size(x))
      integer :: level, parts, i, ns

      x0 = x
      call newton(g, gr1, tol, int(maxit), x, f, jac, lu, ipiv, nsolve, st)
      do level = 1, 6
        if (st == 0) return
        parts = 2**level
        x = x0
        do i = 1, parts
          call newton(g, gr0 + (gr1 - gr0) * i / parts, tol, int(maxit), x, &
                      f, jac, lu, ipiv, ns, st)
          nsolve = nsolve + ns
          if (st /= 0) exit
        end do
      end do
    end subroutine advance

  end function galgel_run

end module galgel_run_c
