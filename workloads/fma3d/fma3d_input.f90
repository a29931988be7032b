! fma3d_input.f90 - how sp-fma3d reads its input deck: fma3d.in, the
! "key value" lines sp-fma3d-gen wrote, in their order (SPEC's 191.fma3d
! reads its own deck too), and the meshes mesh.bin and probe.bin into NODE
! and ELEMENT records, a chunk at a time.
module fma3d_input
  use, intrinsic :: iso_fortran_env, only: int32, int64
  use fma3d_types, only: dp, mesh_t, params_t
  implicit none
  private
  public :: read_params, read_mesh

  integer, parameter :: chunk = 4096

contains

  ! Reads path into p.  status: 0 read; 1 the file cannot be opened; 2 it
  ! is not an fma3d.in (a line missing, out of order or unreadable).
  subroutine read_params(path, p, status)
    character(len=*), intent(in) :: path
    type(params_t), intent(out) :: p
    integer, intent(out) :: status
    integer :: u, ios

    open(newunit=u, file=path, status='old', action='read', iostat=ios)
    if (ios /= 0) then
      status = 1
      return
    end if
    status = 2
    if (.not. get_ints(u, 'nx', p%nx)) goto 900
    if (.not. get_ints(u, 'ny', p%ny)) goto 900
    if (.not. get_ints(u, 'nz', p%nz)) goto 900
    if (.not. get_ints(u, 'steps', p%steps)) goto 900
    if (.not. get_int64(u, 'seed', p%seed)) goto 900
    if (.not. get_real(u, 'density', p%mat%rho)) goto 900
    if (.not. get_real(u, 'young', p%mat%young)) goto 900
    if (.not. get_real(u, 'poisson', p%mat%poisson)) goto 900
    if (.not. get_real(u, 'yield', p%mat%sy0)) goto 900
    if (.not. get_real(u, 'hardening', p%mat%harden)) goto 900
    if (.not. get_real(u, 'hourglass', p%mat%hgk)) goto 900
    if (.not. get_real(u, 'cfl', p%mat%cfl)) goto 900
    if (.not. get_ints(u, 'probe', p%pnx, p%pny, p%pnz)) goto 900
    if (.not. get_ints(u, 'probe_steps', p%psteps)) goto 900
    if (min(p%nx, p%ny, p%nz, p%steps, p%pnx, p%pny, p%pnz, p%psteps) < 1) &
      goto 900
    if (p%mat%rho <= 0 .or. p%mat%young <= 0 .or. p%mat%poisson < 0 .or. &
        p%mat%poisson >= 0.5_dp .or. p%mat%cfl <= 0) goto 900
    p%mat%lambda = p%mat%young * p%mat%poisson / &
                   ((1 + p%mat%poisson) * (1 - 2 * p%mat%poisson))
    p%mat%mu = p%mat%young / (2 * (1 + p%mat%poisson))
    p%mat%c = sqrt((p%mat%lambda + 2 * p%mat%mu) / p%mat%rho)
    status = 0
900 close(u)
  end subroutine read_params

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

  ! "key a [b c]": one to three integers.
  logical function get_ints(u, key, a, b, c)
    integer, intent(in) :: u
    character(len=*), intent(in) :: key
    integer, intent(out) :: a
    integer, intent(out), optional :: b, c
    character(len=256) :: rest
    integer :: ios

    a = 0
    get_ints = .false.
    if (.not. next_line(u, key, rest)) return
    if (present(c)) then
      read(rest, *, iostat=ios) a, b, c
    else
      read(rest, *, iostat=ios) a
    end if
    get_ints = ios == 0
  end function get_ints

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
    get_real = ios == 0 .and. abs(val) <= huge(val)
  end function get_real

  ! Reads the mesh file path, which must hold nnode nodes and nelem
  ! elements, into m (its records zeroed but for places, velocities and
  ! connectivity).  status: 0 read; 4 missing or malformed; 5 out of
  ! memory.
  subroutine read_mesh(path, nnode, nelem, m, status)
    character(len=*), intent(in) :: path
    integer, intent(in) :: nnode, nelem
    type(mesh_t), intent(inout) :: m
    integer, intent(out) :: status
    character(len=8) :: magic
    integer(int64) :: counts(2)
    real(dp), allocatable :: buf(:, :)
    integer(int32), allocatable :: ibuf(:, :)
    integer :: u, ios, first, k, cnt

    status = 4
    open(newunit=u, file=path, status='old', action='read', &
         access='stream', form='unformatted', iostat=ios)
    if (ios /= 0) return
    read(u, iostat=ios) magic, counts
    if (ios /= 0 .or. magic /= 'FMA3DMSH' .or. counts(1) /= nnode .or. &
        counts(2) /= nelem) goto 900
    allocate(m%node(nnode), m%elem(nelem), buf(6, chunk), ibuf(8, chunk), &
             stat=ios)
    if (ios /= 0) then
      status = 5
      goto 900
    end if
    m%nnode = nnode
    m%nelem = nelem
    do first = 1, nnode, chunk
      cnt = min(chunk, nnode - first + 1)
      read(u, iostat=ios) buf(:, 1:cnt)
      if (ios /= 0) goto 900
      do k = 1, cnt
        associate (nd => m%node(first + k - 1))
          nd%id = first + k - 1
          nd%ibc = 0
          nd%mass = 0
          nd%x = buf(1:3, k)
          nd%u = 0
          nd%v = buf(4:6, k)
          nd%f = 0
        end associate
      end do
    end do
    do first = 1, nelem, chunk
      cnt = min(chunk, nelem - first + 1)
      read(u, iostat=ios) ibuf(:, 1:cnt)
      if (ios /= 0) goto 900
      if (any(ibuf(:, 1:cnt) < 1) .or. any(ibuf(:, 1:cnt) > nnode)) goto 900
      do k = 1, cnt
        associate (el => m%elem(first + k - 1))
          el%id = first + k - 1
          el%mat = 1
          el%ix = ibuf(:, k)
          el%vol0 = 0
          el%khg = 0
          el%eint = 0
          el%stress = 0
          el%ep = 0
          el%hgq = 0
        end associate
      end do
    end do
    read(u, iostat=ios) magic(1:1)
    if (ios /= 0) status = 0
900 close(u)
  end subroutine read_mesh

end module fma3d_input
