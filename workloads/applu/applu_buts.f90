! applu_buts.f90 - the applu workload's upper triangular solve (NAS LU's
! BUTS), v <- v - (D + omega U)^-1 omega U v over the whole grid in
! reverse lexicographic order, plane by plane down in zeta: each point's
! correction tv takes its three neighbours above (c in zeta, b in eta, a
! in xi, already updated) through its own block d.

subroutine buts(v, a, b, c, d, tv)
  implicit none
  include 'applu.inc'
  double precision v(5, nx, ny, nz)
  double precision a(5, 5, nx, ny, nz), b(5, 5, nx, ny, nz)
  double precision c(5, 5, nx, ny, nz), d(5, 5, nx, ny, nz)
  double precision tv(5, nx, ny)
  double precision s
  integer i, j, k, m, l

  do k = nz - 1, 2, -1
     ! the plane above, updated before this one
     do j = ny - 1, 2, -1
        do i = nx - 1, 2, -1
           do m = 1, 5
              s = 0.0d0
              do l = 1, 5
                 s = s + c(m, l, i, j, k) * v(l, i, j, k + 1)
              end do
              tv(m, i, j) = omega * s
           end do
        end do
     end do
     ! the neighbours in the plane, then the point
     do j = ny - 1, 2, -1
        do i = nx - 1, 2, -1
           do m = 1, 5
              s = 0.0d0
              do l = 1, 5
                 s = s + b(m, l, i, j, k) * v(l, i, j + 1, k) &
                      + a(m, l, i, j, k) * v(l, i + 1, j, k)
              end do
              tv(m, i, j) = tv(m, i, j) + omega * s
           end do
           call solve5(d(1, 1, i, j, k), tv(1, i, j))
           do m = 1, 5
              v(m, i, j, k) = v(m, i, j, k) - tv(m, i, j)
           end do
        end do
     end do
  end do
end subroutine buts
