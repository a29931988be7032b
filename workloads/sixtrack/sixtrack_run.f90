! sixtrack_run.f90 - sp-sixtrack's run, called from its C main: reads
! sixtrack.in, checks that it was made for the command line's arguments,
! builds the structure table, takes the one-turn matrix at the closed
! orbit and tracks the particles (thin6d).
module sixtrack_run_c
  use, intrinsic :: iso_c_binding, only: c_char, c_double, c_int, c_int64_t, &
                                         c_long, c_null_char
  use sixtrack_input, only: six_input, read_input
  use sixtrack_ring, only: build_ring, free_ring, nblz
  use sixtrack_track, only: thin6d, one_turn_matrix
  implicit none
  private
  public :: sixtrack_run

contains

  ! path: sixtrack.in, NUL-terminated; cells, turns, particles, seed,
  ! linear: what the command line asked for, which the file must state.
  ! probe(6, 0:turns), nprobe, final(6, particles), lost(particles): as
  ! thin6d returns them; mat(6, 6): the one-turn matrix at the closed
  ! orbit; entries: the table's size.  Returns 0 done; 1 the
  ! input cannot be opened; 2 it is malformed; 3 it was made for other
  ! arguments; 5 out of memory.
  integer(c_int) function sixtrack_run(path, cells, turns, particles, seed, &
                                       linear, probe, nprobe, final, lost, &
                                       mat, entries) &
                                       bind(C, name="sixtrack_run")
    character(kind=c_char), intent(in) :: path(*)
    integer(c_long), value :: cells, turns, particles
    integer(c_int64_t), value :: seed
    integer(c_int), value :: linear
    real(c_double), intent(out) :: probe(6, 0:turns), final(6, particles)
    real(c_double), intent(out) :: mat(6, 6)
    integer(c_long), intent(out) :: nprobe, lost(particles), entries
    type(six_input) :: inp
    character(len=:), allocatable :: name
    integer :: k, status, np
    integer, allocatable :: lostturn(:)

    nprobe = 0
    entries = 0
    k = 0
    do while (path(k + 1) /= c_null_char)
      k = k + 1
    end do
    allocate(character(len=k) :: name)
    do k = 1, len(name)
      name(k:k) = path(k)
    end do
    call read_input(name, inp, status)
    if (status /= 0) then
      sixtrack_run = status
      return
    end if
    if (inp%cells /= cells .or. inp%turns /= turns .or. &
        inp%particles /= particles .or. inp%seed /= seed .or. &
        inp%linear /= linear) then
      sixtrack_run = 3
      return
    end if
    call build_ring(inp, status)
    if (status /= 0) then
      sixtrack_run = status
      return
    end if
    entries = nblz
    call one_turn_matrix(inp%aperx, inp%apery, mat)
    allocate(lostturn(inp%particles))
    call thin6d(inp%particles, inp%turns, inp%coord, inp%aperx, inp%apery, &
                probe, np, final, lostturn)
    nprobe = np
    lost = lostturn
    call free_ring()
    sixtrack_run = 0
  end function sixtrack_run

end module sixtrack_run_c
