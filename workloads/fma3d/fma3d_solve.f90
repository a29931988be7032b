! fma3d_solve.f90 - sp-fma3d's simulation, called from its C main: reads
! fma3d.in and the two meshes, then runs each by central differences (the
! probe first, then the plate), each step the element loop's forces, the
! nodes' accelerations f / m, velocities at the half step and places; and
! hands the final state back to C, packed a chunk at a time.
module fma3d_solve
  use, intrinsic :: iso_c_binding, only: c_char, c_double, c_int, c_int64_t, &
                                         c_long, c_null_char
  use fma3d_types, only: dp, material_t, mesh_t, params_t
  use fma3d_input, only: read_params, read_mesh
  use fma3d_hexah, only: hexah_setup, hexah_forces
  implicit none
  private
  public :: fma3d_run, fma3d_emit

  integer, parameter :: chunk = 4096
  type(mesh_t), save :: plate, probe

  interface
    ! fma3d.c: appends n doubles to the state file.
    subroutine fma3d_put(buf, n) bind(C, name="fma3d_put")
      import :: c_double, c_long
      real(c_double), intent(in) :: buf(*)
      integer(c_long), value :: n
    end subroutine fma3d_put
  end interface

contains

  function c_string(s) result(name)
    character(kind=c_char), intent(in) :: s(*)
    character(len=:), allocatable :: name
    integer :: k

    k = 0
    do while (s(k + 1) /= c_null_char)
      k = k + 1
    end do
    allocate(character(len=k) :: name)
    do k = 1, len(name)
      name(k:k) = s(k)
    end do
  end function c_string

  ! steps of central differences on m from rest stress, its nodes'
  ! velocities those of time -1/2 (and 0: the first step's strain
  ! increment is nil); time: the time reached.  ok: no element turned
  ! inside out and every velocity finite.
  subroutine integrate(m, mat, steps, time, ok)
    type(mesh_t), intent(inout) :: m
    type(material_t), intent(in) :: mat
    integer, intent(in) :: steps
    real(c_double), intent(out) :: time
    logical, intent(out) :: ok
    real(dp) :: dtold, dtnew, dth
    integer :: step, n

    time = 0
    dtold = 0
    call hexah_setup(m, mat, ok)
    if (.not. ok) return
    do step = 1, steps
      do n = 1, m%nnode
        m%node(n)%f = 0
      end do
      call hexah_forces(m, mat, dtold, dtnew)
      if (.not. dtnew > 0) then
        ok = .false.
        return
      end if
      dth = 0.5_dp * (dtold + dtnew)
      do n = 1, m%nnode
        associate (nd => m%node(n))
          nd%v = nd%v + (dth / nd%mass) * nd%f
          nd%u = nd%u + dtnew * nd%v
        end associate
      end do
      time = time + dtnew
      dtold = dtnew
    end do
    do n = 1, m%nnode
      if (.not. all(abs(m%node(n)%v) <= huge(dtold))) ok = .false.
    end do
  end subroutine integrate

  ! path: fma3d.in, mesh and pmesh: the plate's and the probe's mesh
  ! files, NUL-terminated; n, steps, seed: what the command line asked
  ! for, which fma3d.in must state.  time, ptime: the plate's and the
  ! probe's end times; nnode..pnelem: their sizes.  Returns 0 done; 1 the
  ! input cannot be opened; 2 it is malformed; 3 it was made for other
  ! arguments; 4 a mesh is missing or malformed; 5 out of memory; 6 the
  ! simulation broke down (an element inside out, a velocity not finite).
  integer(c_int) function fma3d_run(path, mesh, pmesh, n, steps, seed, &
                                    time, ptime, nnode, nelem, pnnode, &
                                    pnelem, psteps) bind(C, name="fma3d_run")
    character(kind=c_char), intent(in) :: path(*), mesh(*), pmesh(*)
    integer(c_long), value :: n, steps
    integer(c_int64_t), value :: seed
    real(c_double), intent(out) :: time, ptime
    integer(c_long), intent(out) :: nnode, nelem, pnnode, pnelem, psteps
    type(params_t) :: p
    integer :: status
    logical :: ok

    time = 0
    ptime = 0
    nnode = 0
    nelem = 0
    pnnode = 0
    pnelem = 0
    psteps = 0
    call read_params(c_string(path), p, status)
    if (status /= 0) then
      fma3d_run = status
      return
    end if
    if (p%nx /= n .or. p%ny /= n .or. p%steps /= steps .or. p%seed /= seed) then
      fma3d_run = 3
      return
    end if
    call read_mesh(c_string(pmesh), (p%pnx + 1) * (p%pny + 1) * (p%pnz + 1), &
                   p%pnx * p%pny * p%pnz, probe, status)
    if (status == 0) &
      call read_mesh(c_string(mesh), (p%nx + 1) * (p%ny + 1) * (p%nz + 1), &
                     p%nx * p%ny * p%nz, plate, status)
    if (status /= 0) then
      fma3d_run = status
      return
    end if
    fma3d_run = 6
    call integrate(probe, p%mat, p%psteps, ptime, ok)
    if (.not. ok) return
    call integrate(plate, p%mat, p%steps, time, ok)
    if (.not. ok) return
    nnode = plate%nnode
    nelem = plate%nelem
    pnnode = probe%nnode
    pnelem = probe%nelem
    psteps = p%psteps
    fma3d_run = 0
  end function fma3d_run

  ! The state of m through fma3d_put: per node u and v, per element the
  ! stress, the plastic strain and the hourglass forces.
  subroutine emit(m)
    type(mesh_t), intent(in) :: m
    real(c_double), allocatable :: buf(:, :)
    integer :: first, k, cnt

    allocate(buf(19, chunk))
    do first = 1, m%nnode, chunk
      cnt = min(chunk, m%nnode - first + 1)
      do k = 1, cnt
        buf(1:3, k) = m%node(first + k - 1)%u
        buf(4:6, k) = m%node(first + k - 1)%v
      end do
      call fma3d_put(buf(1:6, 1:cnt), int(6 * cnt, c_long))
    end do
    do first = 1, m%nelem, chunk
      cnt = min(chunk, m%nelem - first + 1)
      do k = 1, cnt
        buf(1:6, k) = m%elem(first + k - 1)%stress
        buf(7, k) = m%elem(first + k - 1)%ep
        buf(8:19, k) = reshape(m%elem(first + k - 1)%hgq, [12])
      end do
      call fma3d_put(buf(:, 1:cnt), int(19 * cnt, c_long))
    end do
  end subroutine emit

  ! After fma3d_run: the plate's state, then the probe's.
  subroutine fma3d_emit() bind(C, name="fma3d_emit")
    call emit(plate)
    call emit(probe)
  end subroutine fma3d_emit

end module fma3d_solve
