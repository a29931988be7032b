! applu_norms.f90 - the applu workload's norms, as NAS LU's L2NORM and
! ERROR take them: the root mean square of each of the five components
! over the interior points, of a residual or of the error against the
! manufactured solution.

subroutine l2norm(v, sum)
  implicit none
  include 'applu.inc'
  double precision v(5, nx, ny, nz), sum(5)
  integer i, j, k, m

  sum = 0.0d0
  do k = 2, nz - 1
     do j = 2, ny - 1
        do i = 2, nx - 1
           do m = 1, 5
              sum(m) = sum(m) + v(m, i, j, k)**2
           end do
        end do
     end do
  end do
  do m = 1, 5
     sum(m) = sqrt(sum(m) / (dble(nx - 2) * dble(ny - 2) * dble(nz - 2)))
  end do
end subroutine l2norm

subroutine errnorm(u, errnm)
  implicit none
  include 'applu.inc'
  double precision u(5, nx, ny, nz), errnm(5)
  double precision ue(5)
  integer i, j, k, m

  errnm = 0.0d0
  do k = 2, nz - 1
     do j = 2, ny - 1
        do i = 2, nx - 1
           call exact(i, j, k, ue)
           do m = 1, 5
              errnm(m) = errnm(m) + (ue(m) - u(m, i, j, k))**2
           end do
        end do
     end do
  end do
  do m = 1, 5
     errnm(m) = sqrt(errnm(m) / (dble(nx - 2) * dble(ny - 2) * dble(nz - 2)))
  end do
end subroutine errnorm
