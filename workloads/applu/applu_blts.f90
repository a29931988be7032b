! applu_blts.f90 - the applu workload's lower triangular solve (NAS LU's
! BLTS), v <- (D + omega L)^-1 v over the whole grid in strict
! lexicographic order, plane by plane up in zeta: each point takes its
! three neighbours below (a in zeta, b in eta, c in xi, already solved)
! and then its own block d.

subroutine blts(v, a, b, c, d)
  implicit none
  include 'applu.inc'
  double precision v(5, nx, ny, nz)
  double precision a(5, 5, nx, ny, nz), b(5, 5, nx, ny, nz)
  double precision c(5, 5, nx, ny, nz), d(5, 5, nx, ny, nz)
  double precision w(5), s
  integer i, j, k, m, l

  do k = 2, nz - 1
     ! the plane below, solved before this one
     do j = 2, ny - 1
        do i = 2, nx - 1
           do m = 1, 5
              s = 0.0d0
              do l = 1, 5
                 s = s + a(m, l, i, j, k) * v(l, i, j, k - 1)
              end do
              v(m, i, j, k) = v(m, i, j, k) - omega * s
           end do
        end do
     end do
     ! the neighbours in the plane, then the point
     do j = 2, ny - 1
        do i = 2, nx - 1
           do m = 1, 5
              s = 0.0d0
              do l = 1, 5
                 s = s + b(m, l, i, j, k) * v(l, i, j - 1, k) &
                      + c(m, l, i, j, k) * v(l, i - 1, j, k)
              end do
              w(m) = v(m, i, j, k) - omega * s
           end do
           call solve5(d(1, 1, i, j, k), w)
           do m = 1, 5
              v(m, i, j, k) = w(m)
           end do
        end do
     end do
  end do
end subroutine blts
