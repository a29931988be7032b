! galgel_stability.f90 - sp-galgel's linear stability of a steady state:
! perturbations exp(lambda t) v obey J v = lambda B v (J the Jacobian,
! B the mass matrix, block diagonal), all of whose eigenvalues and right
! eigenvectors dggev finds by QZ.  They are sorted by real part, largest
! first (of a complex pair the one with positive imaginary part first),
! and the leading eigenvectors are scaled so that their largest entry is
! exactly 1.
module galgel_stability
  use galgel_basis, only: dp
  use galgel_lapack, only: dggev
  implicit none
  private
  public :: work_size, spectrum

contains

  ! The workspace dggev asks for at order m.
  integer function work_size(m)
    integer, intent(in) :: m
    real(dp) :: a(1, 1), b(1, 1), ar(1), ai(1), be(1), vl(1, 1), vr(1, 1), w(1)
    integer :: info

    call dggev('N', 'V', m, a, m, b, m, ar, ai, be, vl, 1, vr, m, w, -1, info)
    work_size = max(int(w(1)), 8 * m)
  end function work_size

  ! lre + i lim: the eigenvalues of (jac, bmass), sorted; vidx(1:nvec) the
  ! places in that order of the first nvec with lim >= 0, vre + i vim their
  ! eigenvectors.  aw, bw, vr, work, alphar, alphai, beta, order: space.
  ! status: 0; 1 QZ failed; 2 an infinite eigenvalue.
  subroutine spectrum(jac, bmass, aw, bw, vr, work, alphar, alphai, beta, &
                      order, lre, lim, nvec, vidx, vre, vim, status)
    real(dp), intent(in) :: jac(:, :), bmass(:, :)
    real(dp), intent(out) :: aw(:, :), bw(:, :), vr(:, :), work(:)
    real(dp), intent(out) :: alphar(:), alphai(:), beta(:)
    integer, intent(out) :: order(:)
    real(dp), intent(out) :: lre(:), lim(:)
    integer, intent(in) :: nvec
    integer, intent(out) :: vidx(:), status
    real(dp), intent(out) :: vre(:, :), vim(:, :)
    real(dp) :: vl(1, 1), re, im
    integer :: m, j, k, info, found, col

    m = size(jac, 1)
    aw = jac
    bw = bmass
    call dggev('N', 'V', m, aw, m, bw, m, alphar, alphai, beta, vl, 1, vr, &
               m, work, size(work), info)
    status = 1
    if (info /= 0) return
    status = 2
    if (any(beta <= 0)) return
    status = 0
    ! a complex pair: exactly conjugate, positive imaginary part first
    j = 1
    do while (j <= m)
      if (alphai(j) /= 0 .and. j < m) then
        alphar(j + 1) = alphar(j)
        alphai(j + 1) = -alphai(j)
        beta(j + 1) = beta(j)
        j = j + 2
      else
        j = j + 1
      end if
    end do
    ! insertion sort of the places by (real part, imaginary part), down
    do j = 1, m
      re = alphar(j) / beta(j)
      im = alphai(j) / beta(j)
      k = j - 1
      do while (k >= 1)
        if (lre(k) > re .or. (lre(k) == re .and. lim(k) >= im)) exit
        lre(k + 1) = lre(k)
        lim(k + 1) = lim(k)
        order(k + 1) = order(k)
        k = k - 1
      end do
      lre(k + 1) = re
      lim(k + 1) = im
      order(k + 1) = j
    end do
    ! the leading eigenvectors, one of each pair
    found = 0
    do k = 1, m
      if (found == nvec) exit
      if (lim(k) < 0) cycle
      found = found + 1
      vidx(found) = k
      col = order(k)
      if (alphai(col) > 0) then
        vre(:, found) = vr(:, col)
        vim(:, found) = vr(:, col + 1)
      else
        vre(:, found) = vr(:, col)
        vim(:, found) = 0
      end if
      call unit_top(vre(:, found), vim(:, found))
    end do
    do k = found + 1, nvec
      vidx(k) = 0
    end do
  end subroutine spectrum

  ! v / v(t), t the first entry of largest modulus; v(t) set to exactly 1.
  subroutine unit_top(vre, vim)
    real(dp), intent(inout) :: vre(:), vim(:)
    real(dp) :: mod2, big, pr, pi, d, xr, xi
    integer :: i, t

    t = 1
    big = -1
    do i = 1, size(vre)
      mod2 = vre(i)**2 + vim(i)**2
      if (mod2 > big) then
        big = mod2
        t = i
      end if
    end do
    pr = vre(t)
    pi = vim(t)
    d = pr * pr + pi * pi
    do i = 1, size(vre)
      xr = vre(i)
      xi = vim(i)
      vre(i) = (xr * pr + xi * pi) / d
      vim(i) = (xi * pr - xr * pi) / d
    end do
    vre(t) = 1
    vim(t) = 0
  end subroutine unit_top

end module galgel_stability
