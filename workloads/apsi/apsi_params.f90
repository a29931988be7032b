! apsi_params.f90 - the apsi model's parameters as sp-apsi's C main hands
! them over (struct apsi_params of apsi_spec.h, declared again here
! bind(C), field for field), and the places of the 3-D arrays in the
! block the main allocates.
module apsi_params
  use, intrinsic :: iso_c_binding, only: c_double, c_int64_t
  implicit none
  private
  public :: apsi_par, nwind, nbubble, nspecies, narrays, &
            iu, iv, iw, ikx, iky, ikz, ip, if_, ifx, ify, ifz, ith, ic

  integer, parameter :: nwind = 3, nbubble = 2, nspecies = 9
  integer, parameter :: narrays = 13 + 2 * nspecies

  ! The arrays in the block: the wind, the diffusivities, pressure and
  ! its right-hand side, the fluxes, then two levels of theta (ith,
  ! ith + 1) and of each species s (ic + 2 (s - 1) and the next).
  integer, parameter :: iu = 1, iv = 2, iw = 3, ikx = 4, iky = 5, ikz = 6, &
                        ip = 7, if_ = 8, ifx = 9, ify = 10, ifz = 11, &
                        ith = 12, ic = 14

  type, bind(C) :: apsi_par
    integer(c_int64_t) :: nx, ny, nz, steps, mprint, nprobe, seed
    integer(c_int64_t) :: wind_pq(2, nwind), roll_r, src(3, nspecies), probe(4)
    real(c_double) :: dx, dy, dz, dt, kh, kv, umean, theta0, gamma, beta, cbg
    real(c_double) :: wind(3, nwind), roll(2), bubble(6, nbubble), &
                      puff(6, nspecies), rate(nspecies), probe_ph(2)
  end type apsi_par

end module apsi_params
