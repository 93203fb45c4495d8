package ledger.report;

import ledger.core.Account;
import ledger.core.AccountType;
import ledger.core.Amount;
import ledger.core.Journal;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Debit and credit balances of every account at a date. The two columns must have the same
 * total; if they do not, the journal has been corrupted.
 */
public class TrialBalance {
    /** One account with its balance split into the debit or credit column. */
    public static final class Row {
        private final Account account;
        private final Amount balance;

        Row(Account account, Amount balance) {
            this.account = account;
            this.balance = balance;
        }

        public Account account() {
            return account;
        }

        public Amount debit() {
            return account.type().isDebitNormal() == !isNegative() ? balance.abs() : Amount.NONE;
        }

        public Amount credit() {
            return debit().isZero() ? balance.abs() : Amount.NONE;
        }

        private boolean isNegative() {
            return balance.compareTo(Amount.NONE) < 0;
        }
    }

    private final LocalDate date;
    private final List<Row> rows = new ArrayList<>();

    public TrialBalance(Journal journal, LocalDate date) {
        this.date = date;
        for (Account account : journal.accounts()) {
            if (!account.isLeaf()) {
                continue;
            }
            Amount balance = journal.balance(account, date);
            if (!balance.isZero()) {
                rows.add(new Row(account, balance));
            }
        }
    }

    public LocalDate date() {
        return date;
    }

    public List<Row> rows() {
        return Collections.unmodifiableList(rows);
    }

    public Amount totalDebits() {
        Amount total = Amount.NONE;
        for (Row row : rows) {
            total = total.plus(row.debit());
        }
        return total;
    }

    public Amount totalCredits() {
        Amount total = Amount.NONE;
        for (Row row : rows) {
            total = total.plus(row.credit());
        }
        return total;
    }

    public boolean isBalanced() {
        return totalDebits().equals(totalCredits());
    }

    public Amount totalOf(AccountType type) {
        Amount total = Amount.NONE;
        for (Row row : rows) {
            if (row.account().type() == type) {
                total = total.plus(row.debit()).plus(row.credit());
            }
        }
        return total;
    }
}
