! wupwise_lattice.f90 - the lattice of sp-wupwise's solver: its extents,
! site counts and strides, and each coordinate's steps to its neighbours
! with periodic wrap-around.  A field lives in two parity halves, the site
! of lexicographic index x + L1 (y + L2 (z + L3 t)) at place index / 2 + 1
! of the half of its parity (x + y + z + t mod 2); L1 even makes that a
! one-to-one numbering of each half.
module wup_lattice
  implicit none
  private
  public :: lattice_init

  ! extents (x, y, z, t), sites, sites of one parity, strides
  integer, public, protected :: nd(4), nv, nh, stride(4)
  ! up(c, mu), dn(c, mu): what the lexicographic index gains by stepping
  ! from coordinate c to c + 1 or c - 1 in direction mu, wrapped
  integer, public, allocatable, protected :: up(:,:), dn(:,:)

contains

  subroutine lattice_init(dims)
    integer, intent(in) :: dims(4)
    integer :: mu, c

    nd = dims
    stride(1) = 1
    do mu = 2, 4
      stride(mu) = stride(mu - 1) * nd(mu - 1)
    end do
    nv = stride(4) * nd(4)
    nh = nv / 2
    if (allocated(up)) deallocate(up, dn)
    allocate(up(0:maxval(nd) - 1, 4), dn(0:maxval(nd) - 1, 4))
    do mu = 1, 4
      do c = 0, nd(mu) - 1
        up(c, mu) = stride(mu)
        dn(c, mu) = -stride(mu)
      end do
      up(nd(mu) - 1, mu) = -(nd(mu) - 1) * stride(mu)
      dn(0, mu) = (nd(mu) - 1) * stride(mu)
    end do
  end subroutine lattice_init
end module wup_lattice
