package ledger.core;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A dated set of postings that must balance: the sum of all posting amounts is zero. A
 * transaction is built line by line and checked once, when the journal accepts it.
 */
public class Transaction {
    private final String id;
    private final LocalDate date;
    private final String description;
    private final List<Posting> postings = new ArrayList<>();

    public Transaction(String id, LocalDate date, String description) {
        this.id = id;
        this.date = date;
        this.description = description;
    }

    public Transaction add(Posting posting) {
        postings.add(posting);
        return this;
    }

    public Transaction debit(Account account, String amount) {
        return add(Posting.debit(account, Amount.parse(amount)));
    }

    public Transaction credit(Account account, String amount) {
        return add(Posting.credit(account, Amount.parse(amount)));
    }

    public String id() {
        return id;
    }

    public LocalDate date() {
        return date;
    }

    public String description() {
        return description;
    }

    public List<Posting> postings() {
        return Collections.unmodifiableList(postings);
    }

    /** The amount by which debits exceed credits; zero for a valid transaction. */
    public Amount imbalance() {
        Amount sum = Amount.NONE;
        for (Posting posting : postings) {
            sum = sum.plus(posting.amount());
        }
        return sum;
    }

    public boolean isBalanced() {
        return postings.size() >= 2 && imbalance().isZero();
    }

    public boolean touches(Account account) {
        for (Posting posting : postings) {
            if (posting.account() == account) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return id + " " + date + " " + description + " (" + postings.size() + " postings)";
    }
}
