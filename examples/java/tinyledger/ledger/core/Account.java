package ledger.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * An account of the chart of accounts. Accounts form a tree ("1000 Assets" > "1100 Cash");
 * only leaf accounts may be posted to, parents report the sum of their children.
 */
public class Account {
    private final String code;
    private final String name;
    private final AccountType type;
    private final Account parent;
    private final List<Account> children = new ArrayList<>();

    public Account(String code, String name, AccountType type, Account parent) {
        if (parent != null && parent.type != type) {
            throw new IllegalArgumentException(code + " must have the type of its parent " + parent.code);
        }
        this.code = code;
        this.name = name;
        this.type = type;
        this.parent = parent;
        if (parent != null) {
            parent.children.add(this);
        }
    }

    public String code() {
        return code;
    }

    public String name() {
        return name;
    }

    public AccountType type() {
        return type;
    }

    public Account parent() {
        return parent;
    }

    public List<Account> children() {
        return Collections.unmodifiableList(children);
    }

    public boolean isLeaf() {
        return children.isEmpty();
    }

    public int depth() {
        return parent == null ? 0 : parent.depth() + 1;
    }

    /** "Assets / Current assets / Cash". */
    public String path() {
        return parent == null ? name : parent.path() + " / " + name;
    }

    @Override
    public String toString() {
        return code + " " + name;
    }
}
