! sixtrack_ring.f90 - sp-sixtrack's structure table, as SixTrack keeps it
! in COMMON: one entry per thin element of the whole ring (the cell
! repeated, then the RF cavity), each with its tracking kind, highest
! multipole order, main strength and curvature term, the drift after it,
! and its normal and skew multipole coefficients (main field plus the
! seeded random errors, orders 1 to mmul, order fastest).
module sixtrack_ring
  use, intrinsic :: iso_c_binding, only: c_double, c_int, c_int64_t, c_long
  use, intrinsic :: iso_fortran_env, only: real64
  use sixtrack_input, only: six_input, mmul, kind_bend, kind_mult
  implicit none
  private
  public :: build_ring, free_ring, nblz, ktrack, nmz, strack, strackh, dl, &
            bbi, aai, kt_bend, kt_mult, kt_cav

  integer, parameter :: dp = real64
  integer, parameter :: kt_bend = 1, kt_mult = 2, kt_cav = 3

  integer :: nblz = 0
  integer, allocatable :: ktrack(:), nmz(:)
  real(dp), allocatable :: strack(:), strackh(:), dl(:)
  real(dp), allocatable :: bbi(:, :), aai(:, :)

  interface
    ! sixtrack_gauss.c: the seeded normal number of an entry's error
    real(c_double) function sixtrack_gauss(seed, entry, order, skew) &
        bind(C, name="sixtrack_gauss")
      import :: c_double, c_int, c_int64_t, c_long
      integer(c_int64_t), value :: seed
      integer(c_long), value :: entry
      integer(c_int), value :: order, skew
    end function sixtrack_gauss
  end interface

contains

  ! Builds the table for inp; status 0, or 5 when out of memory.
  subroutine build_ring(inp, status)
    type(six_input), intent(in) :: inp
    integer, intent(out) :: status
    integer :: c, e, i, ix

    nblz = inp%cells * inp%ncel + 1
    allocate(ktrack(nblz), nmz(nblz), strack(nblz), strackh(nblz), &
             dl(nblz), bbi(mmul, nblz), aai(mmul, nblz), stat=status)
    if (status /= 0) then
      status = 5
      return
    end if
    i = 0
    do c = 1, inp%cells
      do e = 1, inp%ncel
        i = i + 1
        ix = inp%icel(e)
        call set_entry(inp, i, ix)
        dl(i) = inp%dcel(e)
      end do
    end do
    i = nblz
    ktrack(i) = kt_cav
    strack(i) = inp%rfv
    strackh(i) = inp%rfk
    dl(i) = 0
    bbi(:, i) = 0
    aai(:, i) = 0
    nmz(i) = 0
    status = 0
  end subroutine build_ring

  ! Entry i as an instance of element ix: main field and seeded errors.
  subroutine set_entry(inp, i, ix)
    type(six_input), intent(in) :: inp
    integer, intent(in) :: i, ix
    real(dp) :: main_r0, rn, err
    integer :: n, k

    bbi(:, i) = 0
    aai(:, i) = 0
    if (inp%kz(ix) == kind_bend) then
      ktrack(i) = kt_bend
      strack(i) = inp%ek(ix)
      strackh(i) = inp%ek(ix) * inp%eh(ix)
      main_r0 = inp%ek(ix)
    else
      ktrack(i) = kt_mult
      strack(i) = 0
      strackh(i) = 0
      bbi(inp%nord(ix), i) = inp%ek(ix)
      rn = 1
      do k = 2, inp%nord(ix)
        rn = rn * inp%r0
      end do
      main_r0 = abs(inp%ek(ix)) * rn
    end if
    if (inp%has_err(ix)) then
      rn = 1
      do n = 1, mmul
        if (n > 1) rn = rn * inp%r0
        if (abs(inp%erb(n, ix)) > 0) then
          err = (((main_r0 * inp%erb(n, ix)) * 1.0e-4_dp) * &
                 sixtrack_gauss(inp%seed, int(i, c_long), n, 0)) / rn
          bbi(n, i) = bbi(n, i) + err
        end if
        if (abs(inp%era(n, ix)) > 0) then
          err = (((main_r0 * inp%era(n, ix)) * 1.0e-4_dp) * &
                 sixtrack_gauss(inp%seed, int(i, c_long), n, 1)) / rn
          aai(n, i) = aai(n, i) + err
        end if
      end do
    end if
    nmz(i) = 0
    do n = mmul, 1, -1
      if (abs(bbi(n, i)) > 0 .or. abs(aai(n, i)) > 0) then
        nmz(i) = n
        exit
      end if
    end do
  end subroutine set_entry

  subroutine free_ring()
    if (allocated(ktrack)) deallocate(ktrack, nmz, strack, strackh, dl, &
                                      bbi, aai)
    nblz = 0
  end subroutine free_ring

end module sixtrack_ring
