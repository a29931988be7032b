! fma3d_types.f90 - sp-fma3d's records, as Fortran 90 derived types the
! way SPEC's 191.fma3d keeps its model: an array of NODE records (place,
! motion, mass, force), an array of brick ELEMENT records (connectivity,
! stress and the material's history), the MATERIAL record, and a mesh
! holding the first two.
module fma3d_types
  use, intrinsic :: iso_fortran_env, only: int64, real64
  implicit none
  private
  public :: dp, node_t, hexah_t, material_t, mesh_t, params_t

  integer, parameter :: dp = real64

  ! 112 bytes (FMA3D_NODE_BYTES): x the initial place, u the displacement
  ! (x + u now), v the velocity at the last half step, f the force.
  type :: node_t
    integer :: id, ibc
    real(dp) :: mass
    real(dp) :: x(3), u(3), v(3), f(3)
  end type node_t

  ! 216 bytes (FMA3D_ELEM_BYTES): ix the element's 8 node numbers;
  ! vol0 its initial volume, khg its hourglass stiffness, eint the work
  ! done on it; stress xx yy zz xy yz zx (Pa), ep the equivalent plastic
  ! strain, hgq(i, a) the hourglass force of mode a along i.
  type :: hexah_t
    integer :: id, mat, ix(8)
    real(dp) :: vol0, khg, eint
    real(dp) :: stress(6), ep, hgq(3, 4)
  end type hexah_t

  ! lambda, mu: Lame's constants; c the dilatational wave speed.
  type :: material_t
    real(dp) :: rho, young, poisson, sy0, harden, hgk, cfl
    real(dp) :: lambda, mu, c
  end type material_t

  type :: mesh_t
    integer :: nnode = 0, nelem = 0
    type(node_t), allocatable :: node(:)
    type(hexah_t), allocatable :: elem(:)
  end type mesh_t

  ! What fma3d.in states, in its order.
  type :: params_t
    integer :: nx, ny, nz, steps
    integer(int64) :: seed
    type(material_t) :: mat
    integer :: pnx, pny, pnz, psteps
  end type params_t

end module fma3d_types
