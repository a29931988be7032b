! apsi_transport.f90 - one time step of a scalar (potential temperature or
! a pollutant) in flux form: donor-cell (upwind) advection by the face
! winds plus explicit diffusion with the face diffusivities, the fluxes
! through every face computed once into fx, fy, fz, then each cell's new
! value from the differences of its faces' fluxes, so that what leaves a
! cell enters its neighbour.  Periodic across, no flux through the bottom
! and the top.  Loops k, j, i, i innermost.
module apsi_transport
  use, intrinsic :: iso_c_binding, only: c_double
  implicit none
  private
  public :: transport, emit

  integer, parameter :: dp = c_double

contains

  subroutine transport(nx, ny, nz, dt, dx, dy, dz, u, v, w, kx, ky, kz, &
                       s, sn, fx, fy, fz)
    integer, intent(in) :: nx, ny, nz
    real(dp), intent(in) :: dt, dx, dy, dz
    real(dp), intent(in), dimension(nx, ny, nz) :: u, v, w, kx, ky, kz, s
    real(dp), intent(out), dimension(nx, ny, nz) :: sn, fx, fy, fz
    real(dp) :: rdx, rdy, rdz, f, below
    integer :: i, j, k, ie, jn, iw, js, kb

    rdx = 1 / dx
    rdy = 1 / dy
    rdz = 1 / dz
    ! east faces (i + 1/2) and north faces (j + 1/2)
    do k = 1, nz
      do j = 1, ny
        jn = j + 1
        if (jn > ny) jn = 1
        do i = 1, nx
          ie = i + 1
          if (ie > nx) ie = 1
          f = u(i, j, k)
          fx(i, j, k) = max(f, 0.0_dp) * s(i, j, k) + min(f, 0.0_dp) * s(ie, j, k) - &
                        kx(i, j, k) * (s(ie, j, k) - s(i, j, k)) * rdx
          f = v(i, j, k)
          fy(i, j, k) = max(f, 0.0_dp) * s(i, j, k) + min(f, 0.0_dp) * s(i, jn, k) - &
                        ky(i, j, k) * (s(i, jn, k) - s(i, j, k)) * rdy
        end do
      end do
    end do
    ! top faces (k + 1/2); none through the domain's top
    do k = 1, nz - 1
      do j = 1, ny
        do i = 1, nx
          f = w(i, j, k)
          fz(i, j, k) = max(f, 0.0_dp) * s(i, j, k) + min(f, 0.0_dp) * s(i, j, k + 1) - &
                        kz(i, j, k) * (s(i, j, k + 1) - s(i, j, k)) * rdz
        end do
      end do
    end do
    fz(:, :, nz) = 0
    ! the new values; the bottom face's flux is zero (below is 0 at k = 1,
    ! and multiplying by 0 or 1 is exact)
    do k = 1, nz
      kb = max(k - 1, 1)
      below = merge(1.0_dp, 0.0_dp, k > 1)
      do j = 1, ny
        js = j - 1
        if (js < 1) js = ny
        do i = 1, nx
          iw = i - 1
          if (iw < 1) iw = nx
          sn(i, j, k) = s(i, j, k) - dt * ((fx(i, j, k) - fx(iw, j, k)) * rdx + &
                                           (fy(i, j, k) - fy(i, js, k)) * rdy + &
                                           (fz(i, j, k) - below * fz(i, j, kb)) * rdz)
        end do
      end do
    end do
  end subroutine transport

  ! A source's step: rate dt more in its cell (i, j, k).
  subroutine emit(nx, ny, nz, c, i, j, k, rate, dt)
    integer, intent(in) :: nx, ny, nz, i, j, k
    real(dp), intent(inout) :: c(nx, ny, nz)
    real(dp), intent(in) :: rate, dt

    c(i, j, k) = c(i, j, k) + rate * dt
  end subroutine emit

end module apsi_transport
