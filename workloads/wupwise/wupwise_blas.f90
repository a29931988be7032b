! wupwise_blas.f90 - explicit interfaces to the reference BLAS routines
! sp-wupwise calls (Debian's libblas, the netlib routines that SPEC's
! wupwise carries in its own sources): zgemm for the SU(3) products, and
! zaxpy, zscal, zcopy, zdotc and dznrm2 for the spinor arithmetic.
module wup_blas
  use, intrinsic :: iso_fortran_env, only: real64
  implicit none
  integer, parameter :: dp = real64

  interface
    subroutine zgemm(transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
      import :: dp
      character, intent(in) :: transa, transb
      integer, intent(in) :: m, n, k, lda, ldb, ldc
      complex(dp), intent(in) :: alpha, beta, a(*), b(*)
      complex(dp), intent(inout) :: c(*)
    end subroutine zgemm

    subroutine zaxpy(n, za, zx, incx, zy, incy)
      import :: dp
      integer, intent(in) :: n, incx, incy
      complex(dp), intent(in) :: za, zx(*)
      complex(dp), intent(inout) :: zy(*)
    end subroutine zaxpy

    subroutine zscal(n, za, zx, incx)
      import :: dp
      integer, intent(in) :: n, incx
      complex(dp), intent(in) :: za
      complex(dp), intent(inout) :: zx(*)
    end subroutine zscal

    subroutine zcopy(n, zx, incx, zy, incy)
      import :: dp
      integer, intent(in) :: n, incx, incy
      complex(dp), intent(in) :: zx(*)
      complex(dp), intent(out) :: zy(*)
    end subroutine zcopy

    complex(dp) function zdotc(n, zx, incx, zy, incy)
      import :: dp
      integer, intent(in) :: n, incx, incy
      complex(dp), intent(in) :: zx(*), zy(*)
    end function zdotc

    real(dp) function dznrm2(n, x, incx)
      import :: dp
      integer, intent(in) :: n, incx
      complex(dp), intent(in) :: x(*)
    end function dznrm2
  end interface
end module wup_blas
