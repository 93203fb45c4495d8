package ledger.core;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The chart of accounts and the posted transactions. The journal refuses unbalanced
 * transactions and postings to accounts it does not know, so every balance it reports
 * is consistent.
 */
public class Journal {
    private final Map<String, Account> accounts = new LinkedHashMap<>();
    private final List<Transaction> transactions = new ArrayList<>();

    public Account open(String code, String name, AccountType type, String parentCode) {
        if (accounts.containsKey(code)) {
            throw new IllegalArgumentException("account " + code + " already exists");
        }
        Account parent = parentCode == null ? null : account(parentCode);
        Account account = new Account(code, name, type, parent);
        accounts.put(code, account);
        return account;
    }

    public Account account(String code) {
        Account account = accounts.get(code);
        if (account == null) {
            throw new IllegalArgumentException("unknown account " + code);
        }
        return account;
    }

    public boolean hasAccount(String code) {
        return accounts.containsKey(code);
    }

    public List<Account> accounts() {
        return new ArrayList<>(accounts.values());
    }

    public void post(Transaction transaction) {
        if (!transaction.isBalanced()) {
            throw new IllegalArgumentException("transaction " + transaction.id() + " is off by " + transaction.imbalance());
        }
        for (Posting posting : transaction.postings()) {
            if (accounts.get(posting.account().code()) != posting.account()) {
                throw new IllegalArgumentException("posting to a foreign account " + posting.account());
            }
        }
        transactions.add(transaction);
    }

    public List<Transaction> transactions() {
        return Collections.unmodifiableList(transactions);
    }

    /** Balance of an account (children included) up to and including {@code until}. */
    public Amount balance(Account account, LocalDate until) {
        Amount total = Amount.NONE;
        for (Transaction transaction : transactions) {
            if (transaction.date().isAfter(until)) {
                continue;
            }
            for (Posting posting : transaction.postings()) {
                if (isWithin(posting.account(), account)) {
                    total = total.plus(posting.signedForAccount());
                }
            }
        }
        return total;
    }

    private static boolean isWithin(Account candidate, Account ancestor) {
        for (Account a = candidate; a != null; a = a.parent()) {
            if (a == ancestor) {
                return true;
            }
        }
        return false;
    }
}
