package org.example.board;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The board: tasks by id, columns by status, a limit on work in progress. */
public class Board {
    private final List<Task> tasks = new ArrayList<>();
    private final int wipLimit;

    public Board(int wipLimit) {
        this.wipLimit = wipLimit;
    }

    public void add(Task task) {
        if (find(task.getId()).isPresent()) {
            throw new IllegalStateException("duplicate task id " + task.getId());
        }
        tasks.add(task);
    }

    public Optional<Task> find(int id) {
        return tasks.stream().filter(t -> t.getId() == id).findFirst();
    }

    /** Advances a task unless that would exceed the work-in-progress limit. */
    public boolean start(int id) {
        Task task = find(id).orElseThrow();
        if (task.getStatus() == Status.TODO && column(Status.DOING).size() >= wipLimit) {
            return false;
        }
        task.advance();
        return true;
    }

    public List<Task> column(Status status) {
        List<Task> out = new ArrayList<>();
        for (Task t : tasks) {
            if (t.getStatus() == status) {
                out.add(t);
            }
        }
        return out;
    }

    /** Open tasks, highest score first, then by id. */
    public List<Task> backlog() {
        List<Task> open = new ArrayList<>(column(Status.TODO));
        open.sort(Comparator.comparingInt(Task::score).reversed().thenComparingInt(Task::getId));
        return open;
    }

    public Map<Status, Integer> counts() {
        Map<Status, Integer> out = new EnumMap<>(Status.class);
        for (Status s : Status.values()) {
            out.put(s, column(s).size());
        }
        return out;
    }
}
