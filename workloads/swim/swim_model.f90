! swim_model.f90 - sp-swim's model run, called from its C main: reads
! swim.in, allocates the fourteen N1 x N2 arrays back to back in one block
! (as SPEC's 171.swim has them in one COMMON block), sets the initial
! state, then runs ITMAX time steps of CALC1, CALC2 and CALC3 (the first
! step unfiltered, as in SPEC), recording the grid's sums at step 0, every
! MPRINT steps and at the last.
module swim_model_c
  use, intrinsic :: iso_c_binding, only: c_char, c_double, c_int, c_int64_t, &
                                         c_long, c_null_char
  use swim_input, only: swim_params, read_input
  use swim_calc, only: initial, calc1, calc2, calc3, first_step, diag
  implicit none
  private
  public :: swim_model

  ! The arrays' places in the block, in SPEC's COMMON order.
  integer, parameter :: iu = 1, iv = 2, ip = 3, iunew = 4, ivnew = 5, &
                        ipnew = 6, iuold = 7, ivold = 8, ipold = 9, &
                        icu = 10, icv = 11, iz = 12, ih = 13, ipsi = 14

contains

  ! path: swim.in, NUL-terminated; n1, itmax, seed: what the command line
  ! asked for, which the file must state.  rec(1:6, k): record k (the step,
  ! then diag's five sums), at most maxrec of them; nrec: how many.
  ! Returns 0 done; 1 the input cannot be opened; 2 it is malformed; 3 it
  ! was made for other arguments; 4 too many records; 5 out of memory.
  integer(c_int) function swim_model(path, n1, itmax, seed, rec, maxrec, &
                                     nrec, mprint) bind(C, name="swim_model")
    character(kind=c_char), intent(in) :: path(*)
    integer(c_long), value :: n1, itmax, maxrec
    integer(c_int64_t), value :: seed
    real(c_double), intent(out) :: rec(6, maxrec)
    integer(c_long), intent(out) :: nrec, mprint
    real(c_double), allocatable :: s(:, :, :)
    type(swim_params) :: sp
    character(len=:), allocatable :: name
    integer :: k, status, ncycle
    real(c_double) :: tdt, fsdx, fsdy

    nrec = 0
    mprint = 0
    k = 0
    do while (path(k + 1) /= c_null_char)
      k = k + 1
    end do
    allocate(character(len=k) :: name)
    do k = 1, len(name)
      name(k:k) = path(k)
    end do
    call read_input(name, sp, status)
    if (status /= 0) then
      swim_model = status
      return
    end if
    if (sp%n1 /= n1 .or. sp%n2 /= n1 .or. sp%itmax /= itmax .or. &
        sp%seed /= seed) then
      swim_model = 3
      return
    end if
    mprint = sp%mprint
    if (itmax / sp%mprint + 2 > maxrec) then
      swim_model = 4
      return
    end if
    allocate(s(sp%n1, sp%n2, 14), stat=status)
    if (status /= 0) then
      swim_model = 5
      return
    end if

    call initial(sp%n1, sp%n2, sp%dx, sp%dy, sp%a, sp%p0, sp%modes, sp%mp, &
                 sp%mq, sp%amp, sp%phx, sp%phy, s(:, :, iu), s(:, :, iv), &
                 s(:, :, ip), s(:, :, iuold), s(:, :, ivold), s(:, :, ipold), &
                 s(:, :, ipsi))
    call record(0)
    fsdx = 4.0_c_double / sp%dx
    fsdy = 4.0_c_double / sp%dy
    tdt = sp%dt
    do ncycle = 1, sp%itmax
      call calc1(sp%n1, sp%n2, fsdx, fsdy, s(:, :, iu), s(:, :, iv), &
                 s(:, :, ip), s(:, :, icu), s(:, :, icv), s(:, :, iz), &
                 s(:, :, ih))
      call calc2(sp%n1, sp%n2, tdt, sp%dx, sp%dy, s(:, :, iuold), &
                 s(:, :, ivold), s(:, :, ipold), s(:, :, icu), s(:, :, icv), &
                 s(:, :, iz), s(:, :, ih), s(:, :, iunew), s(:, :, ivnew), &
                 s(:, :, ipnew))
      if (ncycle == 1) then
        tdt = tdt + tdt
        call first_step(sp%n1, sp%n2, s(:, :, iu), s(:, :, iv), s(:, :, ip), &
                        s(:, :, iunew), s(:, :, ivnew), s(:, :, ipnew), &
                        s(:, :, iuold), s(:, :, ivold), s(:, :, ipold))
      else
        call calc3(sp%n1, sp%n2, sp%alpha, s(:, :, iu), s(:, :, iv), &
                   s(:, :, ip), s(:, :, iunew), s(:, :, ivnew), &
                   s(:, :, ipnew), s(:, :, iuold), s(:, :, ivold), &
                   s(:, :, ipold))
      end if
      if (mod(ncycle, sp%mprint) == 0 .or. ncycle == sp%itmax) &
        call record(ncycle)
    end do
    deallocate(s)
    swim_model = 0

  contains

    subroutine record(step)
      integer, intent(in) :: step

      nrec = nrec + 1
      rec(1, nrec) = step
      call diag(sp%n1, sp%n2, sp%dx, sp%dy, sp%p0, s(:, :, iu), &
                s(:, :, iv), s(:, :, ip), rec(2:6, nrec))
    end subroutine record

  end function swim_model

end module swim_model_c
