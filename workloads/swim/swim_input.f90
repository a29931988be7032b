! swim_input.f90 - how sp-swim reads its parameters: swim.in, the "key
! value" lines sp-swim-gen wrote, in their order (SPEC's 171.swim reads its
! own from an input file as well), into one derived type.
module swim_input
  use, intrinsic :: iso_fortran_env, only: int64, real64
  implicit none
  private
  public :: swim_params, read_input, max_modes

  integer, parameter :: dp = real64
  integer, parameter :: max_modes = 16

  type :: swim_params
    integer :: n1, n2, itmax, mprint, modes
    real(dp) :: dt, dx, dy, a, alpha, p0
    integer(int64) :: seed
    integer :: mp(max_modes), mq(max_modes)
    real(dp) :: amp(max_modes), phx(max_modes), phy(max_modes)
  end type swim_params

contains

  ! Reads path into sp.  status: 0 read; 1 the file cannot be opened; 2 it
  ! is not a swim.in (a line missing, out of order or unreadable).
  subroutine read_input(path, sp, status)
    character(len=*), intent(in) :: path
    type(swim_params), intent(out) :: sp
    integer, intent(out) :: status
    integer :: u, ios, k

    open(newunit=u, file=path, status='old', action='read', iostat=ios)
    if (ios /= 0) then
      status = 1
      return
    end if
    status = 2
    if (.not. get_int(u, 'n1', sp%n1)) goto 900
    if (.not. get_int(u, 'n2', sp%n2)) goto 900
    if (.not. get_int(u, 'itmax', sp%itmax)) goto 900
    if (.not. get_int(u, 'mprint', sp%mprint)) goto 900
    if (.not. get_real(u, 'dt', sp%dt)) goto 900
    if (.not. get_real(u, 'dx', sp%dx)) goto 900
    if (.not. get_real(u, 'dy', sp%dy)) goto 900
    if (.not. get_real(u, 'a', sp%a)) goto 900
    if (.not. get_real(u, 'alpha', sp%alpha)) goto 900
    if (.not. get_real(u, 'p0', sp%p0)) goto 900
    if (.not. get_int64(u, 'seed', sp%seed)) goto 900
    if (.not. get_int(u, 'modes', sp%modes)) goto 900
    if (sp%modes < 0 .or. sp%modes > max_modes) goto 900
    do k = 1, sp%modes
      if (.not. get_mode(u, sp, k)) goto 900
    end do
    if (sp%n1 < 3 .or. sp%n2 < 3 .or. sp%itmax < 1 .or. sp%mprint < 1) goto 900
    status = 0
900 close(u)
  end subroutine read_input

  ! The next line's key and the character value after it.
  logical function next_line(u, key, rest)
    integer, intent(in) :: u
    character(len=*), intent(in) :: key
    character(len=*), intent(out) :: rest
    character(len=256) :: line
    integer :: ios, blank

    next_line = .false.
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
    character(len=256) :: rest
    integer :: ios

    val = 0
    get_int = .false.
    if (.not. next_line(u, key, rest)) return
    read(rest, *, iostat=ios) val
    get_int = ios == 0
  end function get_int

  logical function get_int64(u, key, val)
    integer, intent(in) :: u
    character(len=*), intent(in) :: key
    integer(int64), intent(out) :: val
    character(len=256) :: rest
    integer :: ios

    val = 0
    get_int64 = .false.
    if (.not. next_line(u, key, rest)) return
    read(rest, *, iostat=ios) val
    get_int64 = ios == 0
  end function get_int64

  logical function get_real(u, key, val)
    integer, intent(in) :: u
    character(len=*), intent(in) :: key
    real(dp), intent(out) :: val
    character(len=256) :: rest
    integer :: ios

    val = 0
    get_real = .false.
    if (.not. next_line(u, key, rest)) return
    read(rest, *, iostat=ios) val
    get_real = ios == 0
  end function get_real

  ! "mode P Q AMP PHX PHY": mode k of the initial stream function.
  logical function get_mode(u, sp, k)
    integer, intent(in) :: u, k
    type(swim_params), intent(inout) :: sp
    character(len=256) :: rest
    integer :: ios

    get_mode = .false.
    if (.not. next_line(u, 'mode', rest)) return
    read(rest, *, iostat=ios) sp%mp(k), sp%mq(k), sp%amp(k), sp%phx(k), sp%phy(k)
    get_mode = ios == 0
  end function get_mode

end module swim_input
