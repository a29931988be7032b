! sixtrack_input.f90 - how sp-sixtrack reads sixtrack.in, the "key value"
! lines sp-sixtrack-gen wrote in their order (SixTrack reads its run from
! fort.3 and its lattice from fort.2): the sizes, aperture and cavity, the
! single elements and their error sets, the cell's structure and the
! particles, into one derived type.
module sixtrack_input
  use, intrinsic :: iso_fortran_env, only: int64, real64
  implicit none
  private
  public :: six_input, read_input, mmul, kind_bend, kind_mult

  integer, parameter :: dp = real64
  integer, parameter :: mmul = 11, nele_max = 32, name_len = 15
  integer, parameter :: cell_max = 100000, part_max = 4096, line_len = 1024
  integer, parameter :: kind_bend = 1, kind_mult = 2

  type :: six_input
    integer :: cells, turns, particles, linear
    integer(int64) :: seed
    real(dp) :: r0, aperx, apery, rfv, rfk
    ! single elements: name, kind, main order, coefficient (a bend's
    ! slice angle), curvature; error rms (units), normal and skew
    integer :: nele
    character(len=name_len) :: bez(nele_max)
    integer :: kz(nele_max), nord(nele_max)
    real(dp) :: ek(nele_max), eh(nele_max)
    logical :: has_err(nele_max)
    real(dp) :: erb(mmul, nele_max), era(mmul, nele_max)
    ! the cell: each entry's element and drift after it
    integer :: ncel
    integer, allocatable :: icel(:)
    real(dp), allocatable :: dcel(:)
    ! starting coordinates x px y py sigma delta
    real(dp), allocatable :: coord(:, :)
  end type six_input

contains

  ! Reads path into inp.  status: 0 read; 1 the file cannot be opened; 2
  ! it is not a sixtrack.in (a line missing, out of order or unreadable).
  subroutine read_input(path, inp, status)
    character(len=*), intent(in) :: path
    type(six_input), intent(out) :: inp
    integer, intent(out) :: status
    character(len=line_len) :: rest
    character(len=name_len) :: nm
    character(len=8) :: word
    integer :: u, ios, k, n, e, nsets, jn
    real(dp) :: vals(mmul)

    open(newunit=u, file=path, status='old', action='read', iostat=ios)
    if (ios /= 0) then
      status = 1
      return
    end if
    status = 2
    inp%nele = 0
    inp%ncel = 0
    inp%has_err = .false.
    inp%erb = 0
    inp%era = 0
    if (.not. get_int(u, 'cells', inp%cells)) goto 900
    if (.not. get_int(u, 'turns', inp%turns)) goto 900
    if (.not. get_int(u, 'particles', inp%particles)) goto 900
    if (.not. next_line(u, 'seed', rest)) goto 900
    read(rest, *, iostat=ios) inp%seed
    if (ios /= 0) goto 900
    if (.not. next_line(u, 'lattice', rest)) goto 900
    if (rest == 'full') then
      inp%linear = 0
    else if (rest == 'linear') then
      inp%linear = 1
    else
      goto 900
    end if
    if (.not. get_int(u, 'mmul', n)) goto 900
    if (n /= mmul) goto 900
    if (.not. next_line(u, 'r0', rest)) goto 900
    read(rest, *, iostat=ios) inp%r0
    if (ios /= 0 .or. .not. (inp%r0 > 0)) goto 900
    if (.not. next_line(u, 'aperture', rest)) goto 900
    read(rest, *, iostat=ios) inp%aperx, inp%apery
    if (ios /= 0) goto 900
    if (.not. next_line(u, 'rf', rest)) goto 900
    read(rest, *, iostat=ios) inp%rfv, inp%rfk
    if (ios /= 0) goto 900
    if (inp%cells < 1 .or. inp%turns < 1 .or. inp%particles < 1 .or. &
        inp%particles > part_max) goto 900

    if (.not. get_int(u, 'elements', inp%nele)) goto 900
    if (inp%nele < 1 .or. inp%nele > nele_max) goto 900
    do e = 1, inp%nele
      if (.not. next_line(u, 'element', rest)) goto 900
      read(rest, *, iostat=ios) nm, word
      if (ios /= 0 .or. find(inp, nm, e - 1) /= 0) goto 900
      inp%bez(e) = nm
      if (word == 'bend') then
        inp%kz(e) = kind_bend
        inp%nord(e) = 0
        read(rest, *, iostat=ios) nm, word, inp%ek(e), inp%eh(e)
      else if (word == 'mult') then
        inp%kz(e) = kind_mult
        inp%eh(e) = 0
        read(rest, *, iostat=ios) nm, word, inp%nord(e), inp%ek(e)
        if (ios == 0 .and. (inp%nord(e) < 1 .or. inp%nord(e) > mmul)) ios = 1
      else
        ios = 1
      end if
      if (ios /= 0) goto 900
    end do

    if (.not. get_int(u, 'errorsets', nsets)) goto 900
    do k = 1, nsets
      if (.not. next_line(u, 'errors', rest)) goto 900
      read(rest, *, iostat=ios) nm, word, vals
      if (ios /= 0) goto 900
      e = find(inp, nm, inp%nele)
      if (e == 0) goto 900
      inp%has_err(e) = .true.
      if (word == 'b') then
        inp%erb(:, e) = vals
      else if (word == 'a') then
        inp%era(:, e) = vals
      else
        goto 900
      end if
    end do

    if (.not. get_int(u, 'cell', inp%ncel)) goto 900
    if (inp%ncel < 1 .or. inp%ncel > cell_max) goto 900
    allocate(inp%icel(inp%ncel), inp%dcel(inp%ncel))
    do k = 1, inp%ncel
      if (.not. next_line(u, 'entry', rest)) goto 900
      read(rest, *, iostat=ios) nm, inp%dcel(k)
      if (ios /= 0) goto 900
      inp%icel(k) = find(inp, nm, inp%nele)
      if (inp%icel(k) == 0 .or. .not. (inp%dcel(k) >= 0)) goto 900
    end do

    allocate(inp%coord(6, inp%particles))
    do k = 1, inp%particles
      if (.not. next_line(u, 'particle', rest)) goto 900
      read(rest, *, iostat=ios) jn, inp%coord(:, k)
      if (ios /= 0 .or. jn /= k) goto 900
    end do
    read(u, '(a)', iostat=ios) rest
    if (.not. is_iostat_end(ios)) goto 900
    status = 0
900 close(u)
  end subroutine read_input

  ! The element named nm among the first n, or 0.
  integer function find(inp, nm, n)
    type(six_input), intent(in) :: inp
    character(len=*), intent(in) :: nm
    integer, intent(in) :: n
    integer :: e

    find = 0
    do e = 1, n
      if (inp%bez(e) == nm) then
        find = e
        return
      end if
    end do
  end function find

  ! The next line's key and the characters after it.
  logical function next_line(u, key, rest)
    integer, intent(in) :: u
    character(len=*), intent(in) :: key
    character(len=*), intent(out) :: rest
    character(len=line_len) :: line
    integer :: ios, blank

    next_line = .false.
    rest = ''
    read(u, '(a)', iostat=ios) line
    if (ios /= 0) return
    blank = index(line, ' ')
    if (blank < 2) return
    if (line(1:blank - 1) /= key) return
    rest = line(blank + 1:)
    next_line = .true.
  end function next_line

  logical function get_int(u, key, val)
    integer, intent(in) :: u
    character(len=*), intent(in) :: key
    integer, intent(out) :: val
    character(len=line_len) :: rest
    integer :: ios

    val = 0
    get_int = .false.
    if (.not. next_line(u, key, rest)) return
    read(rest, *, iostat=ios) val
    get_int = ios == 0
  end function get_int

end module sixtrack_input
