! applu_solve5.f90 - one 5 x 5 block of the applu sweeps: w <- dd^-1 w
! by Gaussian elimination without pivoting (the blocks are diagonally
! dominant), on a copy of dd, as NAS LU's BLTS and BUTS do at each point.

subroutine solve5(dd, w)
  implicit none
  double precision dd(5, 5), w(5)
  double precision t(5, 5), f, p
  integer col, row, l

  t = dd
  do col = 1, 4
     p = 1.0d0 / t(col, col)
     do row = col + 1, 5
        f = p * t(row, col)
        do l = col + 1, 5
           t(row, l) = t(row, l) - f * t(col, l)
        end do
        w(row) = w(row) - f * w(col)
     end do
  end do
  do row = 5, 1, -1
     f = w(row)
     do l = row + 1, 5
        f = f - t(row, l) * w(l)
     end do
     w(row) = f / t(row, row)
  end do
end subroutine solve5
