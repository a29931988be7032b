! apsi_pressure.f90 - the apsi model's pressure, plane by plane: on each
! level k, f = beta (theta - its mean over the level) and p solves the
! periodic five-point Poisson equation
!   (p(i+1) - 2 p(i) + p(i-1)) / dx^2 + (p(j+1) - 2 p(j) + p(j-1)) / dy^2 = f
! with mean zero, by Debian's FFTW (its Fortran 2003 interface, plans of
! FFTW_ESTIMATE, one thread): a real-to-complex transform of the plane,
! division by the five-point operator's eigenvalues
!   -(4 / dx^2) sin^2(pi a / nx) - (4 / dy^2) sin^2(pi b / ny),
! and the transform back.
module apsi_pressure
  use, intrinsic :: iso_c_binding
  implicit none
  private
  public :: pressure_init, pressure_solve, pressure_done

  include 'fftw3.f03'

  integer, parameter :: dp = c_double
  real(dp), parameter :: pi = 3.14159265358979323846_dp

  type(c_ptr) :: fwd = c_null_ptr, bwd = c_null_ptr
  real(dp), allocatable :: buf(:, :), scale(:, :)
  complex(c_double_complex), allocatable :: spec(:, :)

contains

  ! Plans for nx x ny planes; .false. when FFTW cannot make them.
  logical function pressure_init(nx, ny, dx, dy)
    integer, intent(in) :: nx, ny
    real(dp), intent(in) :: dx, dy
    real(dp) :: ev
    integer :: a, b

    allocate(buf(nx, ny), spec(nx / 2 + 1, ny), scale(nx / 2 + 1, ny))
    ! Fortran's column-major nx x ny plane is FFTW's row-major ny x nx
    fwd = fftw_plan_dft_r2c_2d(int(ny, c_int), int(nx, c_int), buf, spec, &
                               FFTW_ESTIMATE)
    bwd = fftw_plan_dft_c2r_2d(int(ny, c_int), int(nx, c_int), spec, buf, &
                               FFTW_ESTIMATE)
    pressure_init = c_associated(fwd) .and. c_associated(bwd)
    ! 1 / (eigenvalue nx ny): FFTW's transforms are unnormalized
    do b = 0, ny - 1
      do a = 0, nx / 2
        ev = -(4 / (dx * dx)) * sin(pi * a / nx)**2 - &
             (4 / (dy * dy)) * sin(pi * b / ny)**2
        if (a == 0 .and. b == 0) then
          scale(a + 1, b + 1) = 0
        else
          scale(a + 1, b + 1) = 1 / (ev * nx * ny)
        end if
      end do
    end do
  end function pressure_init

  subroutine pressure_solve(nx, ny, nz, beta, th, f, p)
    integer, intent(in) :: nx, ny, nz
    real(dp), intent(in) :: beta
    real(dp), intent(in) :: th(nx, ny, nz)
    real(dp), intent(out) :: f(nx, ny, nz), p(nx, ny, nz)
    real(dp) :: mean, row
    integer :: i, j, k

    do k = 1, nz
      mean = 0
      do j = 1, ny
        row = 0
        do i = 1, nx
          row = row + th(i, j, k)
        end do
        mean = mean + row
      end do
      mean = mean / (real(nx, dp) * ny)
      do j = 1, ny
        do i = 1, nx
          f(i, j, k) = beta * (th(i, j, k) - mean)
          buf(i, j) = f(i, j, k)
        end do
      end do
      call fftw_execute_dft_r2c(fwd, buf, spec)
      spec = spec * scale
      call fftw_execute_dft_c2r(bwd, spec, buf)
      do j = 1, ny
        do i = 1, nx
          p(i, j, k) = buf(i, j)
        end do
      end do
    end do
  end subroutine pressure_solve

  subroutine pressure_done()
    call fftw_destroy_plan(fwd)
    call fftw_destroy_plan(bwd)
    deallocate(buf, spec, scale)
  end subroutine pressure_done

end module apsi_pressure
