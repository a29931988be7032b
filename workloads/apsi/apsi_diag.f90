! apsi_diag.f90 - a field's sum over the cells (row by row, then rows
! into planes, then planes: rounding grows with nx + ny + nz, not with
! the cell count), its minimum and its maximum, for sp-apsi's records.
module apsi_diag
  use, intrinsic :: iso_c_binding, only: c_double
  implicit none
  private
  public :: sum_min_max

  integer, parameter :: dp = c_double

contains

  subroutine sum_min_max(nx, ny, nz, a, out)
    integer, intent(in) :: nx, ny, nz
    real(dp), intent(in) :: a(nx, ny, nz)
    real(dp), intent(out) :: out(3)
    real(dp) :: tot, pl, row, mn, mx
    integer :: i, j, k

    tot = 0
    mn = a(1, 1, 1)
    mx = a(1, 1, 1)
    do k = 1, nz
      pl = 0
      do j = 1, ny
        row = 0
        do i = 1, nx
          row = row + a(i, j, k)
          mn = min(mn, a(i, j, k))
          mx = max(mx, a(i, j, k))
        end do
        pl = pl + row
      end do
      tot = tot + pl
    end do
    out(1) = tot
    out(2) = mn
    out(3) = mx
  end subroutine sum_min_max

end module apsi_diag
