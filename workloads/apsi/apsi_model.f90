! apsi_model.f90 - sp-apsi's model run, called from its C main with the
! parameters and the block of 3-D arrays: first the diffusion probe (the
! transport step on a single Fourier mode, no wind, uniform
! diffusivities, NPROBE steps), then the model: the prescribed wind, the
! initial temperature and puffs, and STEPS time steps of the pressure
! solve (plane by plane) and the transport of theta and of each species,
! the sources emitting after it; records at step 0, every MPRINT steps
! and at the last; at the end a last pressure solve and the planes the
! check judges it by.
module apsi_model_c
  use, intrinsic :: iso_c_binding, only: c_double, c_int, c_long, c_sizeof
  use apsi_params
  use apsi_fields, only: set_wind, set_calm, init_theta, init_puff, probe_mode
  use apsi_transport, only: transport, emit
  use apsi_pressure, only: pressure_init, pressure_solve, pressure_done
  use apsi_diag, only: sum_min_max
  implicit none
  private
  public :: apsi_model, apsi_par_bytes

contains

  ! sizeof(struct apsi_params) as this side lays it out.
  integer(c_long) function apsi_par_bytes() bind(C, name="apsi_par_bytes")
    type(apsi_par) :: pr

    apsi_par_bytes = int(c_sizeof(pr), c_long)
  end function apsi_par_bytes

  ! blk: the narrays arrays; rec(:, r): record r (the step, then sum,
  ! min and max of theta and of each species), at most maxrec; nrec: how
  ! many.  probe: the probe's level after its steps; planes(:, :, 1, l)
  ! theta and planes(:, :, 2, l) p at the end, on levels 1, (nz + 1) / 2
  ! and nz.  Returns 0 done; 1 too many records; 2 no FFTW plans.
  integer(c_int) function apsi_model(pr, blk, rec, maxrec, nrec, probe, &
                                     planes) bind(C, name="apsi_model")
    type(apsi_par), intent(in) :: pr
    real(c_double), intent(inout) :: blk(pr%nx, pr%ny, pr%nz, narrays)
    integer(c_long), value :: maxrec
    real(c_double), intent(out) :: rec(1 + 3 * (1 + nspecies), maxrec)
    integer(c_long), intent(out) :: nrec
    real(c_double), intent(out) :: probe(pr%nx, pr%ny), &
                                   planes(pr%nx, pr%ny, 2, 3)
    integer :: nx, ny, nz, cur, n, s, l, lev(3)

    nx = int(pr%nx)
    ny = int(pr%ny)
    nz = int(pr%nz)
    nrec = 0
    if (pr%steps / pr%mprint + 2 > maxrec) then
      apsi_model = 1
      return
    end if
    if (.not. pressure_init(nx, ny, pr%dx, pr%dy)) then
      apsi_model = 2
      return
    end if

    ! the probe, in the first species' two levels
    call set_calm(pr, nx, ny, nz, blk(:, :, :, iu), blk(:, :, :, iv), &
                  blk(:, :, :, iw), blk(:, :, :, ikx), blk(:, :, :, iky), &
                  blk(:, :, :, ikz))
    call probe_mode(pr, nx, ny, nz, blk(:, :, :, ic))
    cur = 0
    do n = 1, int(pr%nprobe)
      call step(ic)
      cur = 1 - cur
    end do
    probe = blk(:, :, pr%probe(4), ic + cur)

    ! the model
    call set_wind(pr, nx, ny, nz, blk(:, :, :, iu), blk(:, :, :, iv), &
                  blk(:, :, :, iw), blk(:, :, :, ikx), blk(:, :, :, iky), &
                  blk(:, :, :, ikz))
    cur = 0
    call init_theta(pr, nx, ny, nz, blk(:, :, :, ith))
    do s = 1, nspecies
      call init_puff(pr, nx, ny, nz, s, blk(:, :, :, ic + 2 * (s - 1)))
    end do
    call record(0)
    do n = 1, int(pr%steps)
      call pressure_solve(nx, ny, nz, pr%beta, blk(:, :, :, ith + cur), &
                          blk(:, :, :, if_), blk(:, :, :, ip))
      call step(ith)
      do s = 1, nspecies
        call step(ic + 2 * (s - 1))
        call emit(nx, ny, nz, blk(:, :, :, ic + 2 * (s - 1) + 1 - cur), &
                  int(pr%src(1, s)), int(pr%src(2, s)), int(pr%src(3, s)), &
                  pr%rate(s), pr%dt)
      end do
      cur = 1 - cur
      if (mod(n, int(pr%mprint)) == 0 .or. n == pr%steps) call record(n)
    end do
    call pressure_solve(nx, ny, nz, pr%beta, blk(:, :, :, ith + cur), &
                        blk(:, :, :, if_), blk(:, :, :, ip))
    lev = [1, (nz + 1) / 2, nz]
    do l = 1, 3
      planes(:, :, 1, l) = blk(:, :, lev(l), ith + cur)
      planes(:, :, 2, l) = blk(:, :, lev(l), ip)
    end do
    call pressure_done()
    apsi_model = 0

  contains

    ! The transport step of the field whose levels are base and base + 1,
    ! from level cur to the other.
    subroutine step(base)
      integer, intent(in) :: base

      call transport(nx, ny, nz, pr%dt, pr%dx, pr%dy, pr%dz, &
                     blk(:, :, :, iu), blk(:, :, :, iv), blk(:, :, :, iw), &
                     blk(:, :, :, ikx), blk(:, :, :, iky), blk(:, :, :, ikz), &
                     blk(:, :, :, base + cur), blk(:, :, :, base + 1 - cur), &
                     blk(:, :, :, ifx), blk(:, :, :, ify), blk(:, :, :, ifz))
    end subroutine step

    subroutine record(at)
      integer, intent(in) :: at
      integer :: f

      nrec = nrec + 1
      rec(1, nrec) = at
      call sum_min_max(nx, ny, nz, blk(:, :, :, ith + cur), rec(2:4, nrec))
      do f = 1, nspecies
        call sum_min_max(nx, ny, nz, blk(:, :, :, ic + 2 * (f - 1) + cur), &
                         rec(2 + 3 * f:4 + 3 * f, nrec))
      end do
    end subroutine record

  end function apsi_model

end module apsi_model_c
