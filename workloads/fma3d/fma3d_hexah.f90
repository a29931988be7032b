! fma3d_hexah.f90 - sp-fma3d's brick element, one-point integrated with
! Flanagan and Belytschko's hourglass control (stiffness form): the
! gradient at the centre, the elastic-plastic stress update, and the
! element loop that gathers each element's nodes through its connectivity,
! updates its stress and scatters its forces back, as FMA3D's HEXAH loops
! do, finding the stable time step of the smallest element on the way.
module fma3d_hexah
  use fma3d_types, only: dp, material_t, mesh_t
  implicit none
  private
  public :: hexah_setup, hexah_forces

  ! The nodes' natural coordinates (xi, eta, zeta), and the four hourglass
  ! base vectors eta zeta, zeta xi, xi eta, xi eta zeta over the nodes.
  real(dp), parameter :: nat(3, 8) = reshape(real([ &
    -1, -1, -1,   1, -1, -1,   1, 1, -1,  -1, 1, -1, &
    -1, -1,  1,   1, -1,  1,   1, 1,  1,  -1, 1,  1], dp), [3, 8])
  real(dp), parameter :: hgv(8, 4) = reshape(real([ &
     1,  1, -1, -1, -1, -1,  1,  1, &
     1, -1, -1,  1, -1,  1,  1, -1, &
     1, -1,  1, -1,  1, -1,  1, -1, &
    -1,  1, -1,  1,  1, -1,  1, -1], dp), [8, 4])

contains

  ! b(i, k): dN_k/dx_i at the centre of the brick with nodes at xl; vol:
  ! its volume there (8 det J).
  pure subroutine gradient(xl, b, vol)
    real(dp), intent(in) :: xl(3, 8)
    real(dp), intent(out) :: b(3, 8), vol
    real(dp) :: jac(3, 3), cof(3, 3), det
    integer :: i, j, k

    jac = 0
    do k = 1, 8
      do j = 1, 3
        do i = 1, 3
          jac(i, j) = jac(i, j) + xl(i, k) * nat(j, k)
        end do
      end do
    end do
    jac = 0.125_dp * jac
    cof(1, 1) = jac(2, 2) * jac(3, 3) - jac(2, 3) * jac(3, 2)
    cof(1, 2) = jac(2, 3) * jac(3, 1) - jac(2, 1) * jac(3, 3)
    cof(1, 3) = jac(2, 1) * jac(3, 2) - jac(2, 2) * jac(3, 1)
    cof(2, 1) = jac(1, 3) * jac(3, 2) - jac(1, 2) * jac(3, 3)
    cof(2, 2) = jac(1, 1) * jac(3, 3) - jac(1, 3) * jac(3, 1)
    cof(2, 3) = jac(1, 2) * jac(3, 1) - jac(1, 1) * jac(3, 2)
    cof(3, 1) = jac(1, 2) * jac(2, 3) - jac(1, 3) * jac(2, 2)
    cof(3, 2) = jac(1, 3) * jac(2, 1) - jac(1, 1) * jac(2, 3)
    cof(3, 3) = jac(1, 1) * jac(2, 2) - jac(1, 2) * jac(2, 1)
    det = jac(1, 1) * cof(1, 1) + jac(1, 2) * cof(1, 2) + jac(1, 3) * cof(1, 3)
    vol = 8 * det
    do k = 1, 8
      do i = 1, 3
        b(i, k) = (cof(i, 1) * nat(1, k) + cof(i, 2) * nat(2, k) + &
                   cof(i, 3) * nat(3, k)) / vol
      end do
    end do
  end subroutine gradient

  ! The stress sig (xx yy zz xy yz zx) after the strain increment de
  ! (engineering shears): an elastic trial, then the radial return to the
  ! von Mises surface sy0 + harden ep, ep growing by the plastic step.
  pure subroutine elastic_plastic(mat, de, sig, ep)
    type(material_t), intent(in) :: mat
    real(dp), intent(in) :: de(6)
    real(dp), intent(inout) :: sig(6), ep
    real(dp) :: tr, p, s(6), seq, sy, dep, r

    tr = de(1) + de(2) + de(3)
    sig(1:3) = sig(1:3) + mat%lambda * tr + 2 * mat%mu * de(1:3)
    sig(4:6) = sig(4:6) + mat%mu * de(4:6)
    p = (sig(1) + sig(2) + sig(3)) / 3
    s(1:3) = sig(1:3) - p
    s(4:6) = sig(4:6)
    seq = sqrt(1.5_dp * (s(1)**2 + s(2)**2 + s(3)**2 + &
                         2 * (s(4)**2 + s(5)**2 + s(6)**2)))
    sy = mat%sy0 + mat%harden * ep
    if (seq > sy) then
      dep = (seq - sy) / (3 * mat%mu + mat%harden)
      r = 1 - 3 * mat%mu * dep / seq
      ep = ep + dep
      sig(1:3) = r * s(1:3) + p
      sig(4:6) = r * s(4:6)
    end if
  end subroutine elastic_plastic

  ! Each element's initial volume and hourglass stiffness, 8 kappa
  ! (lambda + 2 mu) vol0^(1/3); each node's lumped mass, an eighth of
  ! rho vol0 from each element it belongs to.  ok: every volume positive.
  subroutine hexah_setup(m, mat, ok)
    type(mesh_t), intent(inout) :: m
    type(material_t), intent(in) :: mat
    logical, intent(out) :: ok
    real(dp) :: xl(3, 8), b(3, 8), vol
    integer :: e, k

    ok = .true.
    do e = 1, m%nnode
      m%node(e)%mass = 0
    end do
    do e = 1, m%nelem
      do k = 1, 8
        xl(:, k) = m%node(m%elem(e)%ix(k))%x
      end do
      call gradient(xl, b, vol)
      if (.not. vol > 0) ok = .false.
      m%elem(e)%vol0 = vol
      m%elem(e)%khg = 8 * mat%hgk * (mat%lambda + 2 * mat%mu) * vol**(1.0_dp / 3)
      do k = 1, 8
        associate (nd => m%node(m%elem(e)%ix(k)))
          nd%mass = nd%mass + mat%rho * vol / 8
        end associate
      end do
    end do
  end subroutine hexah_setup

  ! The element loop of one step: for each element, gather its nodes'
  ! places x + u and velocities v; the strain increment v's symmetric
  ! gradient times dtold; the stress update; the hourglass forces grown by
  ! their rates times dtold; scatter the element's forces into the nodes'
  ! f.  dtnext: the Courant factor times the smallest element's stable
  ! step, 1 / (c sqrt(2 sum |b_k|^2)); 0 when some element has turned
  ! inside out.
  subroutine hexah_forces(m, mat, dtold, dtnext)
    type(mesh_t), intent(inout) :: m
    type(material_t), intent(in) :: mat
    real(dp), intent(in) :: dtold
    real(dp), intent(out) :: dtnext
    real(dp) :: xl(3, 8), vl(3, 8), b(3, 8), fl(3, 8), gam(8, 4)
    real(dp) :: vol, lv(3, 3), de(6), sold(6), sig(3, 3), hx(3, 4)
    real(dp) :: q(3, 4), qold(3, 4), bb, dtmin
    integer :: e, k, i, j, a, n
    logical :: bad

    dtmin = huge(dtmin)
    bad = .false.
    do e = 1, m%nelem
      associate (el => m%elem(e))
        do k = 1, 8
          n = el%ix(k)
          xl(:, k) = m%node(n)%x + m%node(n)%u
          vl(:, k) = m%node(n)%v
        end do
        call gradient(xl, b, vol)
        if (.not. vol > 0) bad = .true.

        ! the velocity gradient and the strain increment
        do j = 1, 3
          do i = 1, 3
            lv(i, j) = 0
            do k = 1, 8
              lv(i, j) = lv(i, j) + vl(i, k) * b(j, k)
            end do
          end do
        end do
        de(1) = lv(1, 1) * dtold
        de(2) = lv(2, 2) * dtold
        de(3) = lv(3, 3) * dtold
        de(4) = (lv(1, 2) + lv(2, 1)) * dtold
        de(5) = (lv(2, 3) + lv(3, 2)) * dtold
        de(6) = (lv(3, 1) + lv(1, 3)) * dtold
        sold = el%stress
        call elastic_plastic(mat, de, el%stress, el%ep)
        el%eint = el%eint + 0.5_dp * vol * sum((sold + el%stress) * de)

        ! the hourglass shape vectors, rates and forces
        do a = 1, 4
          do i = 1, 3
            hx(i, a) = 0
            do k = 1, 8
              hx(i, a) = hx(i, a) + hgv(k, a) * xl(i, k)
            end do
          end do
          do k = 1, 8
            gam(k, a) = 0.125_dp * (hgv(k, a) - hx(1, a) * b(1, k) - &
                                    hx(2, a) * b(2, k) - hx(3, a) * b(3, k))
          end do
          do i = 1, 3
            q(i, a) = 0
            do k = 1, 8
              q(i, a) = q(i, a) + vl(i, k) * gam(k, a)
            end do
          end do
        end do
        qold = el%hgq
        el%hgq = el%hgq + el%khg * dtold * q
        el%eint = el%eint + 0.5_dp * dtold * sum((qold + el%hgq) * q)

        ! the nodal forces: -vol sigma b_k, less the hourglass forces
        sig(1, 1) = el%stress(1)
        sig(2, 2) = el%stress(2)
        sig(3, 3) = el%stress(3)
        sig(1, 2) = el%stress(4)
        sig(2, 1) = el%stress(4)
        sig(2, 3) = el%stress(5)
        sig(3, 2) = el%stress(5)
        sig(3, 1) = el%stress(6)
        sig(1, 3) = el%stress(6)
        bb = 0
        do k = 1, 8
          do i = 1, 3
            fl(i, k) = -vol * (sig(i, 1) * b(1, k) + sig(i, 2) * b(2, k) + &
                               sig(i, 3) * b(3, k)) &
                       - (el%hgq(i, 1) * gam(k, 1) + el%hgq(i, 2) * gam(k, 2) + &
                          el%hgq(i, 3) * gam(k, 3) + el%hgq(i, 4) * gam(k, 4))
            bb = bb + b(i, k)**2
          end do
        end do
        do k = 1, 8
          n = el%ix(k)
          m%node(n)%f = m%node(n)%f + fl(:, k)
        end do
        dtmin = min(dtmin, 1 / (mat%c * sqrt(2 * bb)))
      end associate
    end do
    dtnext = mat%cfl * dtmin
    if (bad) dtnext = 0
  end subroutine hexah_forces

end module fma3d_hexah
