/* c4_check_solver.h - sp-c4-check's own connect-4 solver, written apart from
 * sp-c4's so that the check's value of a deep position does not come from
 * the program it checks: other board layout, exact position keys, moves
 * ordered by the threats they make, no pruning of moves. */
#ifndef SP_C4_CHECK_SOLVER_H
#define SP_C4_CHECK_SOLVER_H

/* Value (1 win, 0 draw, -1 loss) for the player to move after the moves of
 * a legal unfinished game (columns '1'..'7'); in child[c] the value of
 * playing column c (2 when full).  table_log2: log2 of its 16-byte table
 * entries.  Returns -2 when the table cannot be allocated, -3 when more
 * than budget positions would be searched.  *nodes, when not NULL, gets
 * the number of positions searched. */
int c4_check_solve(const char *moves, int child[7], int table_log2,
		   unsigned long long budget, unsigned long long *nodes);

#endif
