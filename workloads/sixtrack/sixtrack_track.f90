! sixtrack_track.f90 - sp-sixtrack's tracking, SixTrack's thin6d: every
! turn, element by element through the structure table, each element's
! kick (and the drift after it) applied to all particles still in the
! machine, whose coordinates sit in per-particle arrays; at the end of a
! turn the particles outside the aperture are lost and the arrays closed
! up over them (SixTrack's lostpart).  Before the run, as SixTrack does,
! the one-turn matrix at the closed orbit from a turn of displaced
! particles.
module sixtrack_track
  use, intrinsic :: iso_fortran_env, only: real64
  use sixtrack_ring, only: nblz, ktrack, nmz, strack, strackh, dl, bbi, &
                           aai, kt_bend, kt_mult, kt_cav
  implicit none
  private
  public :: thin6d, one_turn_matrix

  integer, parameter :: dp = real64

  ! The displacements of the one-turn matrix's differences: 0.1 um, and
  ! 1e-9 in the momenta.
  real(dp), parameter :: dstep(6) = (/ 1.0e-7_dp, 1.0e-9_dp, 1.0e-7_dp, &
                                       1.0e-9_dp, 1.0e-7_dp, 1.0e-9_dp /)

contains

  ! mat(i, k): d(coordinate i after a turn) / d(coordinate k before) at
  ! the closed orbit (the origin), by central differences: particles 2k-1
  ! and 2k displaced by +-dstep(k) along k, tracked one turn.
  subroutine one_turn_matrix(aperx, apery, mat)
    real(dp), intent(in) :: aperx, apery
    real(dp), intent(out) :: mat(6, 6)
    real(dp) :: coord(6, 12), probe(6, 0:1), final(6, 12)
    integer :: k, nprobe, lost(12)

    coord = 0
    do k = 1, 6
      coord(k, 2 * k - 1) = dstep(k)
      coord(k, 2 * k) = -dstep(k)
    end do
    call thin6d(12, 1, coord, aperx, apery, probe, nprobe, final, lost)
    do k = 1, 6
      mat(:, k) = (final(:, 2 * k - 1) - final(:, 2 * k)) / (2 * dstep(k))
    end do
  end subroutine one_turn_matrix

  ! Tracks the npart particles of coord (x px y py sigma delta) numl
  ! turns.  probe(:, 0:k): particle 1 after each turn it survived (nprobe
  ! records); final(:, j) its coordinates after the last turn if it
  ! survived; lost(j) the turn it was lost at the end of, or 0.
  subroutine thin6d(npart, numl, coord, aperx, apery, probe, nprobe, &
                    final, lost)
    integer, intent(in) :: npart, numl
    real(dp), intent(in) :: coord(6, npart), aperx, apery
    real(dp), intent(out) :: probe(6, 0:numl), final(6, npart)
    integer, intent(out) :: nprobe, lost(npart)
    real(dp) :: xv(2, npart), yv(2, npart), sigmv(npart), dpsv(npart)
    real(dp) :: oidpsv(npart)
    integer :: nlostp(npart), napx, n, i, j, jj, k, nz
    real(dp) :: x, y, cr, ci, t, th, thh, el, xp, yp, v, rk

    do j = 1, npart
      xv(1, j) = coord(1, j)
      yv(1, j) = coord(2, j)
      xv(2, j) = coord(3, j)
      yv(2, j) = coord(4, j)
      sigmv(j) = coord(5, j)
      dpsv(j) = coord(6, j)
      oidpsv(j) = 1.0_dp / (1.0_dp + dpsv(j))
      nlostp(j) = j
    end do
    napx = npart
    lost = 0
    final = 0
    probe(:, 0) = coord(:, 1)
    nprobe = 1

    do n = 1, numl
      do i = 1, nblz
        nz = nmz(i)
        select case (ktrack(i))
        case (kt_bend)
          th = strack(i)
          thh = strackh(i)
          do j = 1, napx
            x = xv(1, j)
            y = xv(2, j)
            yv(1, j) = yv(1, j) + th * dpsv(j) - thh * x
            sigmv(j) = sigmv(j) - th * x
            if (nz > 0) then
              cr = bbi(nz, i)
              ci = aai(nz, i)
              do k = nz - 1, 1, -1
                t = cr * x - ci * y + bbi(k, i)
                ci = cr * y + ci * x + aai(k, i)
                cr = t
              end do
              yv(1, j) = yv(1, j) - cr
              yv(2, j) = yv(2, j) + ci
            end if
          end do
        case (kt_mult)
          if (nz > 0) then
            do j = 1, napx
              x = xv(1, j)
              y = xv(2, j)
              cr = bbi(nz, i)
              ci = aai(nz, i)
              do k = nz - 1, 1, -1
                t = cr * x - ci * y + bbi(k, i)
                ci = cr * y + ci * x + aai(k, i)
                cr = t
              end do
              yv(1, j) = yv(1, j) - cr
              yv(2, j) = yv(2, j) + ci
            end do
          end if
        case (kt_cav)
          v = strack(i)
          rk = strackh(i)
          do j = 1, napx
            dpsv(j) = dpsv(j) + v * sin(rk * sigmv(j))
            oidpsv(j) = 1.0_dp / (1.0_dp + dpsv(j))
          end do
        end select
        el = dl(i)
        if (el > 0) then
          do j = 1, napx
            xp = yv(1, j) * oidpsv(j)
            yp = yv(2, j) * oidpsv(j)
            xv(1, j) = xv(1, j) + el * xp
            xv(2, j) = xv(2, j) + el * yp
            sigmv(j) = sigmv(j) - el * 0.5_dp * (xp * xp + yp * yp)
          end do
        end if
      end do

      ! lostpart: close the arrays up over the particles outside
      jj = 0
      do j = 1, napx
        if (abs(xv(1, j)) <= aperx .and. abs(xv(2, j)) <= apery) then
          jj = jj + 1
          if (jj /= j) then
            xv(:, jj) = xv(:, j)
            yv(:, jj) = yv(:, j)
            sigmv(jj) = sigmv(j)
            dpsv(jj) = dpsv(j)
            oidpsv(jj) = oidpsv(j)
            nlostp(jj) = nlostp(j)
          end if
        else
          lost(nlostp(j)) = n
        end if
      end do
      napx = jj
      if (napx > 0 .and. nprobe == n) then
        if (nlostp(1) == 1) then
          probe(:, n) = (/ xv(1, 1), yv(1, 1), xv(2, 1), yv(2, 1), &
                           sigmv(1), dpsv(1) /)
          nprobe = n + 1
        end if
      end if
    end do

    do j = 1, napx
      final(:, nlostp(j)) = (/ xv(1, j), yv(1, j), xv(2, j), yv(2, j), &
                               sigmv(j), dpsv(j) /)
    end do
  end subroutine thin6d

end module sixtrack_track
