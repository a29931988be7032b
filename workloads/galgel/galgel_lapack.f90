! galgel_lapack.f90 - the interfaces of the reference BLAS and LAPACK
! routines sp-galgel calls (Debian's libblas and liblapack: netlib's
! Fortran 77 code, one thread), so that gfortran checks every call
! against them.
module galgel_lapack
  use, intrinsic :: iso_fortran_env, only: real64
  implicit none
  private
  public :: dgemv, dgesv, dggev

  interface
    ! y = alpha op(A) x + beta y
    subroutine dgemv(trans, m, n, alpha, a, lda, x, incx, beta, y, incy)
      import :: real64
      character, intent(in) :: trans
      integer, intent(in) :: m, n, lda, incx, incy
      real(real64), intent(in) :: alpha, beta
      real(real64), intent(in) :: a(lda, *), x(*)
      real(real64), intent(inout) :: y(*)
    end subroutine dgemv

    ! A X = B by LU with partial pivoting; A and B overwritten
    subroutine dgesv(n, nrhs, a, lda, ipiv, b, ldb, info)
      import :: real64
      integer, intent(in) :: n, nrhs, lda, ldb
      real(real64), intent(inout) :: a(lda, *), b(ldb, *)
      integer, intent(out) :: ipiv(*), info
    end subroutine dgesv

    ! the generalized eigenvalues (alphar + i alphai) / beta of the pencil
    ! (A, B) by QZ, and the right eigenvectors; A and B overwritten
    subroutine dggev(jobvl, jobvr, n, a, lda, b, ldb, alphar, alphai, &
                     beta, vl, ldvl, vr, ldvr, work, lwork, info)
      import :: real64
      character, intent(in) :: jobvl, jobvr
      integer, intent(in) :: n, lda, ldb, ldvl, ldvr, lwork
      real(real64), intent(inout) :: a(lda, *), b(ldb, *)
      real(real64), intent(out) :: alphar(*), alphai(*), beta(*)
      real(real64), intent(out) :: vl(ldvl, *), vr(ldvr, *), work(*)
      integer, intent(out) :: info
    end subroutine dggev
  end interface

end module galgel_lapack
