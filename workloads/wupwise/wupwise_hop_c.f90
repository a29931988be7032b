! wupwise_hop_c.f90 - the hopping term of sp-wupwise (wup_hop's dhop) as a
! C function, for the C test that holds it against the check's own Wilson
! matrix and its gamma-5 hermiticity.
subroutine wupwise_dhop(dims, u, b, a, p) bind(C, name='wupwise_dhop')
  use, intrinsic :: iso_c_binding
  use wup_hop
  use wup_lattice
  implicit none
  integer(c_int), intent(in) :: dims(4)
  complex(c_double_complex), intent(in) :: u(*), b(*)
  complex(c_double_complex), intent(out) :: a(*)
  integer(c_int), value :: p

  call lattice_init(dims)
  call dhop(u, b, a, p)
end subroutine wupwise_dhop
