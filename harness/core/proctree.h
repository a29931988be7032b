/* proctree.h - the process a measurement samples when the measured command
 * is a launcher that runs its work in child processes one after another
 * (SPEC's specinvoke does this): the newest process at the bottom of the
 * launcher's tree. */
#ifndef SP_PROCTREE_H
#define SP_PROCTREE_H

#include <sys/types.h>

/*
 * The deepest live descendant of root, following at each level the child
 * that started last; root itself when it has no child (or /proc cannot be
 * read).  Found by scanning /proc/PID/stat, since /proc/PID/task/TID/children
 * needs CONFIG_PROC_CHILDREN, which not every kernel has.
 */
pid_t proctree_leaf(pid_t root);

#endif
