! galgel_galerkin.f90 - sp-galgel's Galerkin system for convection in the
! laterally heated cavity 0 < x < A, 0 < y < 1 (Boussinesq, stream
! function psi and temperature theta = 1 - x/A + theta'):
!   d/dt (-lap psi) = -lap^2 psi + Gr d(theta)/dx - (psi_y w_x - psi_x w_y)
!   d/dt theta      = lap theta / Pr - (psi_y theta_x - psi_x theta_y)
! with w = -lap psi.  psi = sum a_p X_i(x) Y_j(y), theta' = sum b_s U(x) V(y)
! over nx x ny products of the 1-D bases (p = i + nx j), each equation
! projected on its own basis.  The linear operators are Kronecker products
! of 1-D integrals; the quadratic terms are held, as one n x n matrix per
! test function, in two n x n x n arrays: s(:, :, q), symmetrized, for
! the stream function's equation and r(:, :, q) for the temperature's.
module galgel_galerkin
  use galgel_basis, only: dp, basis_1d, kind_cc, kind_cf, kind_dd, kind_nn, &
                          make_basis, gram, triple, moment
  implicit none
  private
  public :: galerkin, build_galerkin

  type :: galerkin
    integer :: nx = 0, ny = 0, n = 0
    real(dp) :: pr = 0, aspect = 0
    ! psi equation: mass (-lap), lap^2, buoyancy on theta', on 1 - x/A
    real(dp), allocatable :: bpsi(:, :), k4(:, :), cb(:, :), g0(:)
    ! theta equation: mass, lap, advection of 1 - x/A
    real(dp), allocatable :: bth(:, :), lth(:, :), dth(:, :)
    ! quadratic terms: N_psi(q) = a' s(:,:,q) a / 2, N_theta(q) = a' r(:,:,q) b
    real(dp), allocatable :: s(:, :, :), r(:, :, :)
  end type galerkin

contains

  ! Builds the system for nx x ny functions per field.  status: 0; 1 out
  ! of memory; 2 a basis could not be made.
  subroutine build_galerkin(nx, ny, pr, aspect, g, status)
    integer, intent(in) :: nx, ny
    real(dp), intent(in) :: pr, aspect
    type(galerkin), intent(out) :: g
    integer, intent(out) :: status
    type(basis_1d) :: bx, by, bu, bv
    real(dp), allocatable :: ux(:, :), vy(:, :)
    real(dp), allocatable :: mx(:), my(:)
    real(dp) :: w, sx, sy
    integer :: n, qx, qy, st(4)

    n = nx * ny
    g%nx = nx
    g%ny = ny
    g%n = n
    g%pr = pr
    g%aspect = aspect
    ! x = A (1 + xi) / 2, y = (1 + eta) / 2: d/dx = sx d/dxi, d/dy = sy
    ! d/deta, dx dy = w dxi deta
    sx = 2 / aspect
    sy = 2
    w = aspect / 4
    ! nodes enough for products of three functions of the highest degree
    qx = (3 * (nx + 3)) / 2 + 2
    qy = (3 * (ny + 3)) / 2 + 2
    call make_basis(kind_cc, nx, qx, bx, st(1))
    call make_basis(kind_cf, ny, qy, by, st(2))
    call make_basis(kind_dd, nx, qx, bu, st(3))
    call make_basis(kind_nn, ny, qy, bv, st(4))
    if (any(st /= 0)) then
      status = 2
      return
    end if
    allocate(g%bpsi(n, n), g%k4(n, n), g%cb(n, n), g%g0(n), g%bth(n, n), &
             g%lth(n, n), g%dth(n, n), stat=status)
    if (status /= 0) then
      status = 1
      return
    end if
    allocate(g%s(n, n, n), g%r(n, n, n), stat=status)
    if (status /= 0) then
      status = 1
      return
    end if

    ! -lap and lap^2 on the stream function's basis
    call pair(bx, by, 2, 0, -w * sx**2, g%bpsi, .true.)
    call pair(bx, by, 0, 2, -w * sy**2, g%bpsi, .false.)
    call pair(bx, by, 4, 0, w * sx**4, g%k4, .true.)
    call pair(bx, by, 2, 2, 2 * w * sx**2 * sy**2, g%k4, .false.)
    call pair(bx, by, 0, 4, w * sy**4, g%k4, .false.)
    ! buoyancy: Gr d(theta')/dx tested by the stream function's basis
    allocate(ux(0:nx - 1, 0:nx - 1), vy(0:ny - 1, 0:ny - 1))
    call gram(bx, 0, bu, 1, ux)
    call gram(by, 0, bv, 0, vy)
    call kron(w * sx, ux, vy, g%cb, .true.)
    ! and the conduction profile's d/dx (1 - x/A) = -1/A
    allocate(mx(0:nx - 1), my(0:ny - 1))
    call moment(bx, mx)
    call moment(by, my)
    block
      integer :: k, l
      do l = 0, ny - 1
        do k = 0, nx - 1
          g%g0(1 + k + nx * l) = -w / aspect * mx(k) * my(l)
        end do
      end do
    end block
    ! the temperature's mass and Laplacian
    call pair(bu, bv, 0, 0, w, g%bth, .true.)
    call pair(bu, bv, 2, 0, w * sx**2, g%lth, .true.)
    call pair(bu, bv, 0, 2, w * sy**2, g%lth, .false.)
    ! advection of the conduction profile: psi_y d/dx (1 - x/A)
    call gram(bu, 0, bx, 0, ux)
    call gram(bv, 0, by, 1, vy)
    call kron(-w / aspect * sy, ux, vy, g%dth, .true.)

    call quadratic_psi(bx, by, w, sx, sy, g)
    call quadratic_theta(bx, by, bu, bv, w, sx, sy, g)
    status = 0

  contains

    ! m (+)= coef kron(py, px): px(k, i) = int fx_k fx_i^(dx) along x,
    ! py(l, j) = int fy_l fy_j^(dy) across, for one field's families.
    subroutine pair(fx, fy, dx, dy, coef, m, first)
      type(basis_1d), intent(in) :: fx, fy
      integer, intent(in) :: dx, dy
      real(dp), intent(in) :: coef
      real(dp), intent(inout) :: m(:, :)
      logical, intent(in) :: first
      real(dp) :: px(0:fx%n - 1, 0:fx%n - 1), py(0:fy%n - 1, 0:fy%n - 1)

      call gram(fx, 0, fx, dx, px)
      call gram(fy, 0, fy, dy, py)
      call kron(coef, px, py, m, first)
    end subroutine pair

  end subroutine build_galerkin

  ! m(q, p) (+)= coef ax(k, i) ay(l, j), q = 1 + k + nx l, p = 1 + i + nx j
  subroutine kron(coef, ax, ay, m, first)
    real(dp), intent(in) :: coef, ax(0:, 0:), ay(0:, 0:)
    real(dp), intent(inout) :: m(:, :)
    logical, intent(in) :: first
    integer :: nx, ny, i, j, k, l
    real(dp) :: v

    nx = size(ax, 1)
    ny = size(ay, 1)
    do j = 0, ny - 1
      do i = 0, nx - 1
        do l = 0, ny - 1
          do k = 0, nx - 1
            v = coef * ax(k, i) * ay(l, j)
            if (first) then
              m(1 + k + nx * l, 1 + i + nx * j) = v
            else
              m(1 + k + nx * l, 1 + i + nx * j) = &
                m(1 + k + nx * l, 1 + i + nx * j) + v
            end if
          end do
        end do
      end do
    end do
  end subroutine kron

  ! The stream function's quadratic term, tested by X_k Y_l (q = (k, l)):
  ! Q(q, p, r) = int X_k Y_l (psi_y w_x - psi_x w_y) for psi = phi_p,
  ! w = -lap phi_r, as four products of 1-D triple integrals; held as
  ! s(p, r, q) = Q(q, p, r) + Q(q, r, p).
  subroutine quadratic_psi(bx, by, w, sx, sy, g)
    type(basis_1d), intent(in) :: bx, by
    real(dp), intent(in) :: w, sx, sy
    type(galerkin), intent(inout) :: g
    real(dp), allocatable :: tx(:, :, :, :), ty(:, :, :, :)
    real(dp) :: c(4), v
    integer :: nx, ny, k, l, i, j, m, o, p, q, r, t

    nx = g%nx
    ny = g%ny
    allocate(tx(0:nx - 1, 0:nx - 1, 0:nx - 1, 4), ty(0:ny - 1, 0:ny - 1, 0:ny - 1, 4))
    ! psi_y (-lap psi)_x = -(sy X Y')(sx^3 X''' Y + sx sy^2 X' Y'')
    call triple(bx, bx, 0, bx, 3, tx(:, :, :, 1))
    call triple(by, by, 1, by, 0, ty(:, :, :, 1))
    c(1) = -w * sy * sx**3
    call triple(bx, bx, 0, bx, 1, tx(:, :, :, 2))
    call triple(by, by, 1, by, 2, ty(:, :, :, 2))
    c(2) = -w * sy * sx * sy**2
    ! -psi_x (-lap psi)_y = (sx X' Y)(sx^2 sy X'' Y' + sy^3 X Y''')
    call triple(bx, bx, 1, bx, 2, tx(:, :, :, 3))
    call triple(by, by, 0, by, 1, ty(:, :, :, 3))
    c(3) = w * sx * sx**2 * sy
    call triple(bx, bx, 1, bx, 0, tx(:, :, :, 4))
    call triple(by, by, 0, by, 3, ty(:, :, :, 4))
    c(4) = w * sx * sy**3
    do l = 0, ny - 1
      do k = 0, nx - 1
        q = 1 + k + nx * l
        do o = 0, ny - 1
          do m = 0, nx - 1
            r = 1 + m + nx * o
            do j = 0, ny - 1
              do i = 0, nx - 1
                p = 1 + i + nx * j
                v = 0
                do t = 1, 4
                  v = v + c(t) * (tx(k, i, m, t) * ty(l, j, o, t) + &
                                  tx(k, m, i, t) * ty(l, o, j, t))
                end do
                g%s(p, r, q) = v
              end do
            end do
          end do
        end do
      end do
    end do
  end subroutine quadratic_psi

  ! The temperature's quadratic term, tested by U_k V_l (q = (k, l)):
  ! r(p, s, q) = int U_k V_l (psi_y theta_x - psi_x theta_y) for
  ! psi = X_i Y_j (p), theta = U_m V_o (s).
  subroutine quadratic_theta(bx, by, bu, bv, w, sx, sy, g)
    type(basis_1d), intent(in) :: bx, by, bu, bv
    real(dp), intent(in) :: w, sx, sy
    type(galerkin), intent(inout) :: g
    real(dp), allocatable :: tx(:, :, :, :), ty(:, :, :, :)
    real(dp) :: c(2)
    integer :: nx, ny, k, l, i, j, m, o, p, q, s

    nx = g%nx
    ny = g%ny
    allocate(tx(0:nx - 1, 0:nx - 1, 0:nx - 1, 2), ty(0:ny - 1, 0:ny - 1, 0:ny - 1, 2))
    ! (sy X Y')(sx U' V) - (sx X' Y)(sy U V')
    call triple(bu, bx, 0, bu, 1, tx(:, :, :, 1))
    call triple(bv, by, 1, bv, 0, ty(:, :, :, 1))
    c(1) = w * sx * sy
    call triple(bu, bx, 1, bu, 0, tx(:, :, :, 2))
    call triple(bv, by, 0, bv, 1, ty(:, :, :, 2))
    c(2) = -w * sx * sy
    do l = 0, ny - 1
      do k = 0, nx - 1
        q = 1 + k + nx * l
        do o = 0, ny - 1
          do m = 0, nx - 1
            s = 1 + m + nx * o
            do j = 0, ny - 1
              do i = 0, nx - 1
                p = 1 + i + nx * j
                g%r(p, s, q) = c(1) * tx(k, i, m, 1) * ty(l, j, o, 1) + &
                               c(2) * tx(k, i, m, 2) * ty(l, j, o, 2)
              end do
            end do
          end do
        end do
      end do
    end do
  end subroutine quadratic_theta

end module galgel_galerkin
