package ledger.io;

import ledger.core.Account;
import ledger.core.AccountType;
import ledger.core.Amount;
import ledger.core.Journal;
import ledger.core.Posting;
import ledger.core.Transaction;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a journal from text lines. Three record kinds, one per line:
 * <pre>
 * account,1100,Cash,A,1000          code, name, type letter, optional parent code
 * txn,T-0001,2026-01-31,Rent        id, date, description
 * post,6100,1200.00,office rent     account code, signed amount, optional memo
 * </pre>
 * Postings belong to the closest preceding "txn" line. Blank lines and "#" comments are skipped.
 */
public class JournalLoader {
    private final List<String> warnings = new ArrayList<>();

    public Journal load(List<String> lines) {
        Journal journal = new Journal();
        Transaction open = null;
        for (int i = 0; i < lines.size(); i++) {
            String text = lines.get(i).trim();
            if (text.isEmpty() || text.startsWith("#")) {
                continue;
            }
            CsvLine line = CsvLine.parse(text, i + 1);
            if (line.isRecord("account")) {
                openAccount(journal, line);
            } else if (line.isRecord("txn")) {
                close(journal, open);
                LocalDate date = Formats.parseDay(line.field(2), line.number());
                open = new Transaction(line.field(1), date, line.field(3));
            } else if (line.isRecord("post")) {
                if (open == null) {
                    throw new IllegalArgumentException("line " + line.number() + ": posting outside a transaction");
                }
                Account account = journal.account(line.field(1));
                open.add(new Posting(account, Amount.parse(line.field(2)), line.optional(3)));
            } else {
                warnings.add("line " + line.number() + ": unknown record '" + line.field(0) + "'");
            }
        }
        close(journal, open);
        return journal;
    }

    private void openAccount(Journal journal, CsvLine line) {
        AccountType type = AccountType.forLetter(line.field(3).charAt(0));
        String parent = line.optional(4);
        if (parent != null && !journal.hasAccount(parent)) {
            warnings.add("line " + line.number() + ": parent " + parent + " not yet defined, account opened at top level");
            parent = null;
        }
        journal.open(line.field(1), line.field(2), type, parent);
    }

    private void close(Journal journal, Transaction transaction) {
        if (transaction == null) {
            return;
        }
        if (!transaction.isBalanced()) {
            warnings.add("skipped unbalanced " + transaction.id() + " (off by " + transaction.imbalance() + ")");
            return;
        }
        journal.post(transaction);
    }

    public List<String> warnings() {
        return List.copyOf(warnings);
    }
}
