! apsi_fields.f90 - the apsi model's prescribed and initial fields: the
! wind on the cells' faces, made divergence-free by construction from a
! horizontal stream function and an overturning roll; the eddy
! diffusivities on the faces; the initial potential temperature and
! pollutant puffs; and the calm, uniform-diffusivity setting and single
! Fourier mode of the diffusion probe.  Cell (i, j, k) is centred at
! ((i - 1/2) dx, (j - 1/2) dy, (k - 1/2) dz); u(i, j, k) sits on its east
! face, v on its north face, w and kz on its top face.
module apsi_fields
  use, intrinsic :: iso_c_binding, only: c_double
  use apsi_params, only: apsi_par, nwind, nbubble
  implicit none
  private
  public :: set_wind, set_calm, init_theta, init_puff, probe_mode

  integer, parameter :: dp = c_double
  real(dp), parameter :: pi = 3.14159265358979323846_dp

contains

  ! The wind: u = umean(z) - dpsi/dy - dchi/dz, v = dpsi/dx, w = dchi/dx,
  ! each derivative a difference of the functions at the cells' corners,
  ! so that every cell's outflow cancels its inflow (in exact
  ! arithmetic).  psi(x, y, z) = sum_m A_m sin(2 pi p x / Lx + phx)
  ! sin(2 pi q y / Ly + phy) (0.5 + z / H), at the corners (i dx, j dy);
  ! chi(x, z) = B sin(2 pi r x / Lx + ph) sin(pi z / H), zero at the
  ! bottom and the top, so no wind crosses them.  The diffusivities: kh
  ! (1 + z / 2H) across, kv (1/4 + 3 zeta (1 - zeta)) at zeta = k / nz
  ! through the tops, zero through the top of the domain.
  subroutine set_wind(pr, nx, ny, nz, u, v, w, kx, ky, kz)
    type(apsi_par), intent(in) :: pr
    integer, intent(in) :: nx, ny, nz
    real(dp), intent(out), dimension(nx, ny, nz) :: u, v, w, kx, ky, kz
    real(dp), allocatable :: psi(:, :), chi(:, :), sx(:, :), sy(:, :)
    real(dp) :: lx, ly, h, zk, zf, um, khz, kvz, zeta
    integer :: i, j, k, m, im, jm

    lx = nx * pr%dx
    ly = ny * pr%dy
    h = nz * pr%dz
    allocate(psi(nx, ny), chi(nx, 0:nz), sx(nx, nwind), sy(ny, nwind))
    do m = 1, nwind
      do i = 1, nx
        sx(i, m) = sin(2 * pi * pr%wind_pq(1, m) * (i * pr%dx) / lx + pr%wind(2, m))
      end do
      do j = 1, ny
        sy(j, m) = sin(2 * pi * pr%wind_pq(2, m) * (j * pr%dy) / ly + pr%wind(3, m))
      end do
    end do
    do k = 0, nz
      do i = 1, nx
        chi(i, k) = pr%roll(1) * sin(2 * pi * pr%roll_r * (i * pr%dx) / lx + pr%roll(2)) * &
                    sin(pi * k / nz)
      end do
    end do
    chi(:, 0) = 0
    chi(:, nz) = 0
    do k = 1, nz
      zk = (k - 0.5_dp) * pr%dz
      zf = 0.5_dp + zk / h
      um = pr%umean * (0.5_dp + 0.5_dp * zk / h)
      khz = pr%kh * (1 + 0.5_dp * zk / h)
      zeta = real(k, dp) / nz
      kvz = pr%kv * (0.25_dp + 3 * zeta * (1 - zeta))
      if (k == nz) kvz = 0
      do j = 1, ny
        do i = 1, nx
          psi(i, j) = 0
          do m = 1, nwind
            psi(i, j) = psi(i, j) + pr%wind(1, m) * sx(i, m) * sy(j, m)
          end do
          psi(i, j) = psi(i, j) * zf
        end do
      end do
      do j = 1, ny
        jm = j - 1
        if (jm == 0) jm = ny
        do i = 1, nx
          im = i - 1
          if (im == 0) im = nx
          u(i, j, k) = um - (psi(i, j) - psi(i, jm)) / pr%dy - &
                       (chi(i, k) - chi(i, k - 1)) / pr%dz
          v(i, j, k) = (psi(i, j) - psi(im, j)) / pr%dx
          w(i, j, k) = (chi(i, k) - chi(im, k)) / pr%dx
          kx(i, j, k) = khz
          ky(i, j, k) = khz
          kz(i, j, k) = kvz
        end do
      end do
    end do
  end subroutine set_wind

  ! The probe's setting: no wind, kh across and kv through every top but
  ! the domain's.
  subroutine set_calm(pr, nx, ny, nz, u, v, w, kx, ky, kz)
    type(apsi_par), intent(in) :: pr
    integer, intent(in) :: nx, ny, nz
    real(dp), intent(out), dimension(nx, ny, nz) :: u, v, w, kx, ky, kz

    u = 0
    v = 0
    w = 0
    kx = pr%kh
    ky = pr%kh
    kz = pr%kv
    kz(:, :, nz) = 0
  end subroutine set_calm

  ! A Gaussian blob's value at the centre of cell (i, j, k): b = (x, y,
  ! z, radius across, radius up, amplitude), distances across periodic.
  pure real(dp) function blob(pr, nx, ny, b, i, j, k)
    type(apsi_par), intent(in) :: pr
    integer, intent(in) :: nx, ny, i, j, k
    real(dp), intent(in) :: b(6)
    real(dp) :: lx, ly, ddx, ddy, ddz

    lx = nx * pr%dx
    ly = ny * pr%dy
    ddx = (i - 0.5_dp) * pr%dx - b(1)
    ddx = ddx - lx * floor(ddx / lx + 0.5_dp)
    ddy = (j - 0.5_dp) * pr%dy - b(2)
    ddy = ddy - ly * floor(ddy / ly + 0.5_dp)
    ddz = (k - 0.5_dp) * pr%dz - b(3)
    blob = b(6) * exp(-(ddx * ddx + ddy * ddy) / (b(4) * b(4)) - &
                      ddz * ddz / (b(5) * b(5)))
  end function blob

  ! theta0 + gamma z, plus the warm bubbles.
  subroutine init_theta(pr, nx, ny, nz, th)
    type(apsi_par), intent(in) :: pr
    integer, intent(in) :: nx, ny, nz
    real(dp), intent(out) :: th(nx, ny, nz)
    integer :: i, j, k, m

    do k = 1, nz
      do j = 1, ny
        do i = 1, nx
          th(i, j, k) = pr%theta0 + pr%gamma * ((k - 0.5_dp) * pr%dz)
          do m = 1, nbubble
            th(i, j, k) = th(i, j, k) + blob(pr, nx, ny, pr%bubble(:, m), i, j, k)
          end do
        end do
      end do
    end do
  end subroutine init_theta

  ! Species s at the start: the background and its puff.
  subroutine init_puff(pr, nx, ny, nz, s, c)
    type(apsi_par), intent(in) :: pr
    integer, intent(in) :: nx, ny, nz, s
    real(dp), intent(out) :: c(nx, ny, nz)
    integer :: i, j, k

    do k = 1, nz
      do j = 1, ny
        do i = 1, nx
          c(i, j, k) = pr%cbg + blob(pr, nx, ny, pr%puff(:, s), i, j, k)
        end do
      end do
    end do
  end subroutine init_puff

  ! The probe: cos(2 pi a (i - 1) / nx + ph1) cos(2 pi b (j - 1) / ny +
  ! ph2) cos(pi m (k - 1/2) / nz), an eigenvector of the discrete
  ! diffusion operator (periodic across, no flux through bottom and top).
  subroutine probe_mode(pr, nx, ny, nz, q)
    type(apsi_par), intent(in) :: pr
    integer, intent(in) :: nx, ny, nz
    real(dp), intent(out) :: q(nx, ny, nz)
    integer :: i, j, k

    do k = 1, nz
      do j = 1, ny
        do i = 1, nx
          q(i, j, k) = cos(2 * pi * pr%probe(1) * (i - 1) / nx + pr%probe_ph(1)) * &
                       cos(2 * pi * pr%probe(2) * (j - 1) / ny + pr%probe_ph(2)) * &
                       cos(pi * pr%probe(3) * (k - 0.5_dp) / nz)
        end do
      end do
    end do
  end subroutine probe_mode

end module apsi_fields
