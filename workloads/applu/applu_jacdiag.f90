! applu_jacdiag.f90 - the block diagonal of the applu system's Jacobian
! at one point, which NAS LU's JACLD and JACU both form: the identity
! plus dt times the derivative of the viscous and second-difference
! terms by the point's own variables uu (tmp1..tmp3: 1/rho, its square
! and cube).

subroutine jacdiag(uu, tmp1, tmp2, tmp3, dd)
  implicit none
  include 'applu.inc'
  double precision uu(5), tmp1, tmp2, tmp3, dd(5, 5)
  double precision r43, c1345, c34

  r43 = 4.0d0 / 3.0d0
  c1345 = c1 * c3 * c4 * c5
  c34 = c3 * c4
  dd(1, 1) = 1.0d0 + dt * 2.0d0 * (tx1 * dx1 + ty1 * dy1 + tz1 * dz1)
  dd(1, 2) = 0.0d0
  dd(1, 3) = 0.0d0
  dd(1, 4) = 0.0d0
  dd(1, 5) = 0.0d0
  dd(2, 1) = -dt * 2.0d0 * (tx1 * r43 + ty1 + tz1) * (c34 * tmp2 * uu(2))
  dd(2, 2) = 1.0d0 + dt * 2.0d0 * c34 * tmp1 * (tx1 * r43 + ty1 + tz1) &
       + dt * 2.0d0 * (tx1 * dx2 + ty1 * dy2 + tz1 * dz2)
  dd(2, 3) = 0.0d0
  dd(2, 4) = 0.0d0
  dd(2, 5) = 0.0d0
  dd(3, 1) = -dt * 2.0d0 * (tx1 + ty1 * r43 + tz1) * (c34 * tmp2 * uu(3))
  dd(3, 2) = 0.0d0
  dd(3, 3) = 1.0d0 + dt * 2.0d0 * c34 * tmp1 * (tx1 + ty1 * r43 + tz1) &
       + dt * 2.0d0 * (tx1 * dx3 + ty1 * dy3 + tz1 * dz3)
  dd(3, 4) = 0.0d0
  dd(3, 5) = 0.0d0
  dd(4, 1) = -dt * 2.0d0 * (tx1 + ty1 + tz1 * r43) * (c34 * tmp2 * uu(4))
  dd(4, 2) = 0.0d0
  dd(4, 3) = 0.0d0
  dd(4, 4) = 1.0d0 + dt * 2.0d0 * c34 * tmp1 * (tx1 + ty1 + tz1 * r43) &
       + dt * 2.0d0 * (tx1 * dx4 + ty1 * dy4 + tz1 * dz4)
  dd(4, 5) = 0.0d0
  dd(5, 1) = -dt * 2.0d0 &
       * (((tx1 * (r43 * c34 - c1345) + ty1 * (c34 - c1345) + tz1 * (c34 - c1345)) * uu(2)**2 &
       + (tx1 * (c34 - c1345) + ty1 * (r43 * c34 - c1345) + tz1 * (c34 - c1345)) * uu(3)**2 &
       + (tx1 * (c34 - c1345) + ty1 * (c34 - c1345) + tz1 * (r43 * c34 - c1345)) * uu(4)**2) &
       * tmp3 + (tx1 + ty1 + tz1) * c1345 * tmp2 * uu(5))
  dd(5, 2) = dt * 2.0d0 * tmp2 * uu(2) &
       * (tx1 * (r43 * c34 - c1345) + ty1 * (c34 - c1345) + tz1 * (c34 - c1345))
  dd(5, 3) = dt * 2.0d0 * tmp2 * uu(3) &
       * (tx1 * (c34 - c1345) + ty1 * (r43 * c34 - c1345) + tz1 * (c34 - c1345))
  dd(5, 4) = dt * 2.0d0 * tmp2 * uu(4) &
       * (tx1 * (c34 - c1345) + ty1 * (c34 - c1345) + tz1 * (r43 * c34 - c1345))
  dd(5, 5) = 1.0d0 + dt * 2.0d0 * (tx1 + ty1 + tz1) * c1345 * tmp1 &
       + dt * 2.0d0 * (tx1 * dx5 + ty1 * dy5 + tz1 * dz5)
end subroutine jacdiag
